// @cadence/core: the browser's entry (widgets, app), also the server's and the CLI's for everything
// but the schemas. Everything public is listed here by name. It loads no zod: the zod schemas are
// the second entry, `@cadence/core/schemas` (schemas.ts), for the server, the CLI and tests, and
// only types inferred from them are exported here (docs/adr/0046-core-entries.md;
// scripts/no-zod.test.ts fails when a schema reaches this entry). Side-effect free (package.json
// `sideEffects: false`): a bundle keeps only what it uses.

export { CHANNEL_VALUES, CHANNELS, MULTI_CHANNEL_COLOR, SPECIAL_PAGE_CHANNELS, channelInfo, isChannel } from './channels';
export type { Channel, ChannelInfo } from './channels';

export {
  AD_MANAGER_TABS,
  AD_STATUSES,
  AD_STATUS_LABELS,
  AD_TIMELINE_LEGEND,
  CAMPAIGN_STATUSES,
  DATE_FORMATS,
  DEFAULT_AD_MANAGER_TAB,
  DEFAULT_GANTT_RANGE,
  EVENT_AUDIENCES,
  EVENT_REGIONS,
  EVENT_TYPES,
  EVENT_VERTICALS,
  GANTT_RANGES,
  LIMITS,
  MESSAGES,
  OWNERS_LISTED,
  PERMISSION_TYPES,
  PRIORITIES,
  PROSPECTIVE_TEMPLATE_COLUMNS,
  PROSPECTIVE_TEMPLATE_FILENAME,
  ROLES,
  SCOPES,
  SIDEBAR,
  STORAGE_BUCKET_AD_TYPE_EXAMPLES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
} from './constants';
export type {
  AdManagerTab,
  AdStatus,
  CampaignStatus,
  EventAudience,
  EventRegion,
  EventType,
  EventVertical,
  GanttRange,
  PermissionType,
  Priority,
  Role,
  Scope,
  TaskStatus,
} from './constants';

export { NOBODY, POLICY_ACTIONS, POLICY_RESOURCES, abilities, can, intersectRights, isKeyPrincipal, principalFrom, toWirePrincipal } from './policy';
export type {
  Abilities,
  CampaignAccessFields,
  PolicyAction,
  PolicyResource,
  PolicyRows,
  Principal,
  VirtualRowFields,
  WirePrincipal,
} from './policy';

// The types of the schemas (the schemas themselves: schemas.ts).
export type { ListQuery } from './schemas/common';
export type { Campaign, CampaignCreate, CampaignListQuery, CampaignUpdate, ChannelConfig, VirtualCampaign } from './schemas/campaign';
export type { CampaignStats, CampaignStatsQuery, StatCounts } from './schemas/campaign-stats';
export { sortOwners, tallyCampaignStats } from './rules/campaign-stats';
export { applyStatsChange, applyViewCountsChange, parseSnapshot, sawTransaction, seqTransaction, stateAtSnapshot } from './rules/stats-in-place';
export type { CountedBasis, CountedFields, Snapshot, StatsChange, StatsInPlace, ViewCountsInPlace } from './rules/stats-in-place';
export type { CampaignFilter, WithChannels } from './schemas/campaign-filter';
export { ASSIGNEE_ME, CAMPAIGN_FILTER_KEYS, FILTER_TEXT_MAX_LENGTH, campaignFilterParams, campaignMatchesFilter, filterAssignee, filterChannels, filterUser, isFiltered, pickCampaignFilter } from './rules/campaign-filter';
export type { CampaignFilterFields, CampaignFilterKey, FilterContext } from './rules/campaign-filter';
export { parseCampaignFilterParams } from './rules/campaign-filter-params';
export type { DroppedParam } from './rules/campaign-filter-params';
export type { StatGroup } from './rules/campaign-stats';
export { decodeListCursor, encodeListCursor } from './rules/list-cursor';
export type { ListCursor } from './rules/list-cursor';
export {
  CAMPAIGN_BOUNDS,
  CAMPAIGN_EVENT_TYPES,
  CONTENT_FORMATS,
  EMAIL_TYPES,
  POST_FREQUENCIES,
  SOCIAL_CONTENT_TYPES,
  SOCIAL_PLATFORMS,
} from './schemas/campaign-limits';
export type { CommentCreate, Idea, IdeaComment, IdeaCreate, IdeaUpdate } from './schemas/ideas';
// A campaign's comments, mentions and watchers (docs/adr/0059).
export type {
  CampaignComment,
  CampaignCommentCreate,
  CampaignCommentUpdate,
  CommentPerson,
  MentionableQuery,
  WatchReason,
  WatchState,
  WatchUpdate,
} from './schemas/campaign-comments';
export { MENTION_TOKEN, insertMention, mentionQueryAt, mentionToken, mentionedIds, mentionsAsText, newlyMentioned, splitMentions } from './rules/mentions';
export type { MentionPart } from './rules/mentions';
// A campaign's tasks (docs/adr/0049): the rows, their order, the campaign's summary, My work.
export type { MyTaskCounts, MyTaskCountsQuery, MyTasksQuery, Task, TaskAssignee, TaskCampaign, TaskCreate, TaskListStatus, TaskSummary, TaskUpdate } from './schemas/tasks';
export {
  EMPTY_TASK_SUMMARY,
  compareMyTasks,
  compareTaskOrder,
  decodeTaskCursor,
  encodeTaskCursor,
  isAfterTaskCursor,
  isOverdue,
  rankFor,
  summariseTasks,
  taskMatchesMyQuery,
  taskProgressLabel,
} from './rules/tasks';
export {
  APPROVAL_BADGES,
  APPROVAL_MODES,
  APPROVAL_STATE_LABELS,
  APPROVAL_STATES,
  APPROVED_FIELDS,
  approvalBadge,
  approvalBasis,
  approvalSummary,
  becomesLive,
  campaignApprovals,
  channelApproval,
  gateMessage,
  gateMissing,
  reviewerStep,
  sameApprovalSummary,
  touchesApprovedFields,
} from './rules/approvals';
export type { ApprovalMode, ApprovalRule, ApprovalState, ApprovalStep, ApprovalSummaryEntry, ChannelApproval, GateMissing, ReviewEvent, ReviewKind, StepState } from './rules/approvals';
export type { ApprovalRuleRecord, CampaignApprovals, ReviewEventRecord } from './schemas/approvals';
export type { MyTasksFilter, RankResult, RankedTask, SummarisedTask, TaskCursor, TaskPlacement, TaskSummaryFields } from './rules/tasks';
export type {
  Ad,
  AdCreate,
  AdType,
  AdTypeCreate,
  AdTypeUpdate,
  AdUpdate,
  Article,
  ArticleCreate,
  ArticleUpdate,
  BulkReport,
  ImportReport,
  ProspectiveCreate,
  ProspectivePublication,
  ProspectiveUpdate,
  Publication,
  PublicationCreate,
  PublicationUpdate,
} from './schemas/industry';
export { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, savedViewHref } from './rules/saved-view-link';
export {
  CONFLICTS_NOT_BINDABLE,
  canEditView,
  canReadViewDashboard,
  canSeeView,
  canShareViews,
  dashboardTabs,
  droppedQueryMessage,
  savedViewFilter,
  storedViewFilter,
  viewNeedsWholePlan,
  type SavedViewAccessFields,
} from './rules/saved-views';
export type { SavedView, SavedViewCounts, SavedViewCreate, SavedViewDashboard, SavedViewUpdate } from './schemas/saved-view';
export type { ShareLink, ShareLinkCreate, ShareLinkCreated, ShareLinkOpen, ShareLinkOpened, ShareLinkUpdate } from './schemas/share-links';
export {
  SHARE_LINK_DEFAULT_FIELDS,
  SHARE_LINK_FIELDS,
  SHARE_LINK_FIELD_GROUPS,
  SHARE_LINK_FIELD_LABELS,
  SHARE_LINK_TOKEN_PREFIX,
  isCampaignShaped,
  presentAnswerForLink,
  presentForLink,
  shareLinkExpired,
  shareLinkPath,
  type ShareLinkField,
} from './rules/share-links';
export type { CadenceEvent, EventCreate, EventUpdate } from './schemas/events';
export type {
  AccessKey,
  AccessKeyCreateRequest,
  AccessKeyCreated,
  AuthUserResponse,
  ListUsersResponse,
  Permission,
  PermissionGrantRequest,
  RefreshRequest,
  RoleSetRequest,
  SendPasswordResetRequest,
  Session,
  SignInRequest,
  SignUpRequest,
  UpdatePasswordRequest,
  User,
  UserRole,
} from './schemas/auth';
export type { ApiErrorBody, ErrorCode, ErrorDetail } from './schemas/errors';

// Date-only values ('YYYY-MM-DD' strings) and their formatting.
export {
  addDays,
  addMonths,
  addWeeks,
  compareYmd,
  dayOfWeekMondayFirst,
  daysBetween,
  daysInMonth,
  eachDay,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  isYmd,
  isoToYmd,
  monthGrid,
  parseYmd,
  quarterOf,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  toYmd,
  todayYmd,
  utcYmd,
  weekDays,
  ymdProblem,
} from './dates';
export type { Ymd, YmdParts } from './dates';
export { formatTimestamp, formatYmd, quarterLabel, relativeTime, weekRangeLabel } from './date-format';
export { weekdayNames } from './date-locale';
export type { YmdFormat } from './date-format';

// Pure rules of docs/product.md#states and docs/product.md#validation.
export {
  bucketByDay,
  campaignCountLabel,
  formatCount,
  campaignsOnDay,
  cellOverflow,
  dayDialogChannels,
  isOnDay,
  isOnLiveDay,
  isOnPlanningDay,
  truncateTitle,
  visibleWindow,
} from './rules/calendar';
export type { CalendarMode, CellOverflow, DatedCampaign, DayDialogChannels, ScheduleView } from './rules/calendar';
export { barColor, barColors, barGeometry, barSpan, dayLeftPercent, ganttRange, groupByChannel, inRange, layoutGantt, monthGridlines, stepRange } from './rules/gantt';
export type { BarColors } from './rules/gantt';
export type { BarGeometry, ChannelRow, GanttBar, GanttGridline, GanttWindow, YmdSpan } from './rules/gantt';
export { applyMove, changedDates, describeDates, edgeField, movedMessage, movedToDate, resizeDates, shiftDates } from './rules/move';
export type { CampaignDates, MoveKind } from './rules/move';
export {
  DEFAULT_WEEKEND,
  STANDARD_CALENDAR,
  addWorkingDays,
  isWorkingDay,
  nextWorkingDay,
  previousWorkingDay,
  workingCalendar,
  workingDaysBetween,
} from './rules/working-days';
export type { Weekday, WorkingCalendar } from './rules/working-days';
export { replanTasks, taskPlanFlag, undoDueDates } from './rules/replan';
export {
  LOAD_RULE_KINDS,
  PLACEMENT_FIELDS,
  PLANNING_RULE_KINDS,
  PLANNING_RULE_LIMITS,
  RULE_PERIODS,
  RULE_SEVERITIES,
  blockingViolations,
  checkPlacement,
  conflictedIds,
  conflictFilterIds,
  conflictFilterRange,
  conflictsIn,
  dayFromNumber,
  dayNumber,
  goLiveCount,
  needsRuleCheck,
  periodStart,
  planningIndex,
  ruleDescription,
  ruleMessage,
  ruleRefusal,
  rulesWindow,
  violationKey,
} from './rules/planning-rules';
export type { DateRange, PlannedCampaign, PlanningIndex, PlanningRule, PlanningRuleKind, RulePeriod, RuleSeverity, RuleViolation, RulesCalendar } from './rules/planning-rules';
export type { Conflict, ConflictsList, PlanningRuleBody, PlanningRuleFields, PlanningRuleRecord, PlanningRulesImport } from './schemas/planning-rules';
export type { ClosedDay, ClosedDayCreate, ClosedDaysImport, WorkingCalendarData } from './schemas/working-calendar';
export type { ReplanFlag, ReplanMove, ReplanPlan, ReplanReport, ReplannableTask } from './rules/replan';
export { applyCampaignChange, campaignMatchesQuery, compareCampaignOrder, isCallersCampaignQuery, isCampaignEcho, isPagedCampaignQuery } from './rules/campaign-query';
export type { CampaignChange, CampaignQueryFields, ListedCampaign } from './rules/campaign-query';
export { appendCampaignPage, applyCampaignChangeToPages, isWithinLoadedPages } from './rules/campaign-pages';
export type { LoadedPages } from './rules/campaign-pages';
export { campaignDefaults } from './rules/campaign-defaults';
export type { CampaignDefaults } from './rules/campaign-defaults';
export { adAsCampaign, eventAsCampaign } from './rules/virtual-campaigns';
export { dashboardGroup, deriveDisplayStatus, priorityLabel, statusLabel } from './rules/status';
export type { DashboardGroup, DisplayStatus } from './rules/status';
export { describeFilter, filterLine, printChangeText, printComparisonLine, printLegend, printWeek, printedLine } from './rules/print';
export type { LegendEntry, PrintDayEntry } from './rules/print';
export {
  PRIMARY_CHANNEL_MESSAGE,
  applyScopeChange,
  lacksPrimaryChannel,
  normalizeScopedCampaign,
  primaryChannelFallback,
  promote,
  toggleChannel,
} from './rules/scope';
export type { ScopedFields } from './rules/scope';
export { joinCommaList, joinLineList, joinSpaceList, splitCommaList, splitSpaceList, splitUrlList } from './rules/lists';
export { ensureHttps, extractWebAddress, isHttpUrl } from './rules/urls';
// CSV: reading with csv-parse (a stream: Node only), writing apart (docs/adr/0039).
export { csvRecordBatches, CsvSyntaxError, parseCsv, parseCsvRecords } from './rules/csv';
export type { CsvRecord } from './rules/csv';
export { toCsv, unguardCell } from './rules/csv-write';
export { conflictsCsv } from './rules/conflicts-csv';
export { LOAD_BY, shortDay, weekLoadLabel, weekPlacement, weeklyLoad, type LoadBy, type WeekLoad } from './rules/week-load';
export { TASK_CSV_COLUMNS, tasksToCsv } from './rules/tasks-csv';
// Campaign templates back-timed from go-live (docs/adr/0054).
export { TEMPLATE_ANCHORS, assignRoles, placeTemplate, planningStartFor, templateFromCampaign, templateIssues, templateTaskRanks } from './rules/templates';
export type { CampaignTaskForTemplate, PlaceableTemplate, PlacedTask, Placement, TemplateAnchor, TemplateIssue, TemplateTaskFields } from './rules/templates';
export type {
  CampaignTemplate,
  TemplateApply,
  TemplateApplyResult,
  TemplateCampaign,
  TemplateCreate,
  TemplateDefaults,
  TemplateFromCampaign,
  TemplateTask,
  TemplateTaskInput,
  TemplateUpdate,
} from './schemas/templates';
export type { CsvTask } from './rules/tasks-csv';
// Signed webhooks: event names, which writes raise them, retries, the Slack sentence (docs/adr/0058).
export {
  CAMPAIGN_DATE_FIELDS,
  WEBHOOK_ENTITIES,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  WEBHOOK_GIVE_UP_MS,
  WEBHOOK_PING,
  WEBHOOK_RETRY_MINUTES,
  isWebhookEventType,
  previousAttributes,
  webhookEventsOf,
  webhookLink,
  webhookRetryDelayMs,
  webhookSlackText,
  webhookSubscribes,
} from './rules/webhooks';
export type { WebhookEventLike, WebhookEventType, WebhookFormat, WebhookSubscription } from './rules/webhooks';
export type { Webhook, WebhookCreate, WebhookDeliveriesQuery, WebhookDelivery, WebhookUpdate, WebhookWithSecret } from './schemas/webhooks';
// Baselines: the plan at a past moment against the plan now (docs/adr/0063).
export { PLAN_DATE_FIELDS, canChangeBaseline, canCompare, canListBaselines, canSaveBaselines, changeLabel, compareDates, compareSummary, compareSummaryText, driftsPast, medianDays, planDatesOf, planSpan, planTouches, rewindRow } from './rules/baselines';
export type { BaselineChange, ComparedCampaign, CompareSummary, PlanDates, RewindEntry } from './rules/baselines';
export type { Baseline, BaselineCreate, BaselineUpdate, CompareQuery, CompareResult } from './schemas/baselines';
// Imports: one spec per kind (columns, parse → normalise → check), read the same way from any file.
// The specs themselves check rows with the schemas: they are in schemas.ts.
export { MAX_REPORTED_PROBLEMS, ImportReader } from './rules/imports/reader';
export { normaliseProspective } from './rules/imports/prospective-normalise';
export type { ProspectiveValue } from './rules/imports/prospective-normalise';
export { parseProspectiveCsv, prospectiveTemplateCsv } from './rules/imports/prospective-csv';
export type { ProspectiveCsvBatch, ProspectiveCsvResult, ProspectiveCsvRow } from './rules/imports/prospective-csv';
export { IMPORT_KINDS, isBlankRecord, parseRecord, recordsOfRows, Skip } from './rules/imports/spec';
export { CAMPAIGN_IMPORT_COLUMNS, CAMPAIGN_IMPORT_EXAMPLE } from './rules/imports/campaign-columns';
export type { Cells, Checked, ImportKind, ImportProblem, ImportSpec, ImportWarning, Layout, LineReport } from './rules/imports/spec';
export type { CampaignImportRow, EventImportRow } from './rules/imports/tables';
export { extractEmails } from './rules/contacts';
// The campaign schemas' issues without zod, for the campaign form: `@cadence/core/forms` (forms.ts).
// The other forms' checks, also without zod: the body to send, or a message per field.
export { LINK_MESSAGE, textOrNull } from './rules/forms/field-errors';
export type { FieldErrors, FormCheck } from './rules/forms/field-errors';
export { adBody, adFormFrom, emptyAdForm } from './rules/forms/ad-form';
export type { AdForm } from './rules/forms/ad-form';
export { articleBody, emptyArticleForm } from './rules/forms/article-form';
export type { ArticleForm } from './rules/forms/article-form';
export { emptyEventForm, eventBody } from './rules/forms/event-form';
export type { EventForm } from './rules/forms/event-form';
export { ideaBody } from './rules/forms/idea-form';
export { emptyProspectiveForm, prospectiveBody } from './rules/forms/prospective-form';
export type { ProspectiveForm } from './rules/forms/prospective-form';
export { IMAGE_TYPE_MESSAGE, adTypeBody, adTypeForm, imageProblem, parseCost, publicationBody, publicationForm } from './rules/forms/publication-form';
export type { AdTypeForm, PublicationForm } from './rules/forms/publication-form';

// The API client shared by widgets, app and CLI.
export { RULE_WARNINGS_HEADER, createHttpClient } from './client/http-client';
export type { HttpClientOptions } from './client/http-client';
export { CadenceApiError, isConflict } from './client/errors';
export type { PlanningRulesApi, RuleWarningOptions } from './client/types';
export type { ApprovalsApi, BaselinesApi, BulkOptions, CadenceAdminClient, CadenceClient, CampaignCommentsApi, CampaignPage, Crud, NotificationsApi, Page, TaskPage, TasksApi, WebhookDeliveryPage, WebhooksApi, WriteOptions } from './client/types';
export { createRealtimeClient } from './client/realtime';
// Every entity once: its topic, policy resource and history resource (docs/architecture.md#entities).
export { ADMIN_RECORDS, ENTITIES, ENTITY_NAMES, entityOfHistory } from './entities';
export type { EntityFacts, EntityHistory, EntityName, EntityPolicy, EntityTopic } from './entities';
// The realtime contract: topics, the frames of the feed, the widgets' query keys and what each topic refreshes.
export { ALL_REFRESHED_KINDS, REALTIME_TOPICS, TOPIC_REFRESHES } from './realtime-topics';
export type { RealtimeTopic, TopicRefresh } from './realtime-topics';
export {
  CLOSE_CODES,
  REALTIME_ERROR_CODES,
  REALTIME_LIMITS,
  RealtimeFrameError,
  decodeClientFrame,
  decodeServerFrame,
  encodeClientFrame,
  encodeServerFrame,
  changeOn,
} from './realtime/protocol';
export type {
  ChangeFrame,
  ChangeFrames,
  ClientFrame,
  RealtimeErrorCode,
  ResyncFrame,
  RoleChange,
  RowChange,
  RowChanges,
  ServerFrame,
  SubscriptionFilter,
  TopicRow,
  TopicRows,
} from './realtime/protocol';
export { queryKeyHash } from './query-keys';
export type { HistorySource, QueryKey, QueryKeyMatch, QueryKeyParams, QueryKind } from './query-keys';
export type {
  RealtimeClient,
  RealtimeClientOptions,
  RealtimeStatus,
  SocketFactory,
  SocketLike,
} from './client/realtime';
export { ICS_TASK_MODES, campaignsToIcs, escapeIcsText, foldIcsLine } from './rules/ical';
export type { IcsCampaign, IcsTask, IcsTaskMode } from './rules/ical';

export { SSO_ERRORS, claimValues, formatSsoGrant, grantsFromClaims, parseSsoGrant, planGrantSync, ssoErrorMessage } from './rules/sso';
export type { SsoErrorCode, SsoGrant, SsoMapping } from './rules/sso';
export type { AuthProviders, SsoMappingCreateRequest, SsoMappingRecord } from './schemas/sso';
export { DASHBOARD_TABS, DEFAULT_DASHBOARD_TAB, SCHEDULE_MODES, dashboardViewSearch, defaultRangeOf, nextDashboardView, parseDashboardView, rangesOf } from './rules/dashboard-view';
export type { DashboardTab, DashboardView, DashboardViewOptions, RangesByTab } from './rules/dashboard-view';

export {
  HISTORY_ACTIONS,
  REVIEW_ACTIONS,
  HISTORY_POLICY,
  HISTORY_RESOURCES,
  REVERTIBLE_RESOURCES,
  canSeeEntryValues,
  changedFields,
  decodeHistoryCursor,
  encodeHistoryCursor,
  isHistoryEntryId,
  isHistoryResource,
  planRevert,
} from './rules/history';
export type { FieldChange, HistoryAction, HistoryChanges, HistoryEntryFacts, HistoryResource, RevertPlan } from './rules/history';
export type { HistoryEntry, HistoryPage, HistoryQuery, RevertResult } from './schemas/history';
// The inbox, its kinds, preferences, links and words (docs/adr/0060).
export {
  campaignHref,
  campaignOfHref,
  DEFAULT_DELIVERIES,
  DEFAULT_DIGEST_TIME,
  DEFAULT_TIME_ZONE,
  describeNotification,
  digestDue,
  digestSections,
  effectivePrefs,
  excerptOf,
  groupNotifications,
  isClockTime,
  isNotificationDelivery,
  isNotificationKind,
  isTimeZone,
  localClock,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  recipientsOf,
  reminderWindow,
  TAB_OF_KIND,
  WATCHED_CAMPAIGN_FIELDS,
  watchedChanges,
} from './rules/notifications';
export type { CampaignTab, DescribedNotification, NotificationData, NotificationDelivery, NotificationKind, NotificationPrefs } from './rules/notifications';
export type { Notification, NotificationListQuery, NotificationPrefsUpdate, UnreadCount } from './schemas/notifications';
