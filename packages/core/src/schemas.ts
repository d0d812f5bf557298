// @cadence/core/schemas: the zod schemas of every entity and request, for the server (which
// validates every request with them), the CLI and tests, and what runs a schema (the import
// specs). Browsers import `@cadence/core` (index.ts), which carries the types inferred from these
// and zod-free checks instead (rules/campaign-checks.ts, rules/forms/): a page that imported this
// entry would carry zod (docs/adr/0046-core-entries.md).

export { channelSchema, idSchema, listQuerySchema, timestampSchema, ymdSchema } from './schemas/common';
export {
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignUpdateSchema,
  channelConfigSchema,
  virtualCampaignSchema,
} from './schemas/campaign';
export { campaignStatsQuerySchema, campaignStatsSchema, statCountsSchema } from './schemas/campaign-stats';
export { campaignFilterSchema, campaignFilterShape } from './schemas/campaign-filter';
export {
  campaignCommentCreateSchema,
  campaignCommentSchema,
  campaignCommentUpdateSchema,
  commentPersonSchema,
  mentionableQuerySchema,
  watchStateSchema,
  watchUpdateSchema,
} from './schemas/campaign-comments';
export { commentCreateSchema, commentSchema, ideaCreateSchema, ideaSchema, ideaUpdateSchema } from './schemas/ideas';
export {
  adCreateSchema,
  adSchema,
  adTypeCreateSchema,
  adTypeSchema,
  adTypeUpdateSchema,
  adUpdateSchema,
  articleCreateSchema,
  articleSchema,
  articleUpdateSchema,
  importReportSchema,
  prospectiveBulkSchema,
  prospectiveCreateSchema,
  prospectiveSchema,
  prospectiveUpdateSchema,
  publicationCreateSchema,
  publicationSchema,
  publicationUpdateSchema,
} from './schemas/industry';
export { eventCreateSchema, eventSchema, eventUpdateSchema } from './schemas/events';
export {
  myTaskCountsQuerySchema,
  myTaskCountsSchema,
  myTasksQuerySchema,
  taskAssigneeSchema,
  taskCampaignSchema,
  taskCreateSchema,
  taskSchema,
  taskStatusSchema,
  taskSummarySchema,
  taskUpdateSchema,
} from './schemas/tasks';
export {
  TEMPLATE_APPLY_MAX,
  TEMPLATE_MAX_OFFSET,
  templateApplyResultSchema,
  templateApplySchema,
  templateCampaignSchema,
  templateCreateSchema,
  templateDefaultsSchema,
  templateFromCampaignSchema,
  templateRoleSchema,
  templateSchema,
  templateTaskSchema,
  templateUpdateSchema,
} from './schemas/templates';
export { savedViewCountsSchema, savedViewCreateSchema, savedViewDashboardSchema, savedViewSchema, savedViewUpdateSchema } from './schemas/saved-view';
export {
  shareLinkCreateSchema,
  shareLinkCreatedSchema,
  shareLinkFieldSchema,
  shareLinkListQuerySchema,
  shareLinkOpenSchema,
  shareLinkOpenedSchema,
  shareLinkSchema,
  shareLinkUpdateSchema,
} from './schemas/share-links';
export {
  accessKeyCreateSchema,
  accessKeyCreatedSchema,
  accessKeySchema,
  authUserResponseSchema,
  confirmEmailSchema,
  listUsersResponseSchema,
  permissionGrantSchema,
  permissionRevokeQuerySchema,
  permissionSchema,
  permissionTypeSchema,
  refreshSchema,
  roleSchema,
  roleSetSchema,
  sendPasswordResetSchema,
  sessionSchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  userRoleSchema,
  userSchema,
} from './schemas/auth';
export {
  closedDayCreateSchema,
  closedDaySchema,
  closedDaysImportSchema,
  weekendSchema,
  workingCalendarQuerySchema,
  workingCalendarSchema,
  workingWeekSchema,
} from './schemas/working-calendar';
export { ERROR_CODES, apiErrorSchema, errorDetailSchema } from './schemas/errors';
export {
  CONFLICTS_MAX_DAYS,
  conflictSchema,
  conflictsQuerySchema,
  conflictsSchema,
  planningRuleBodySchema,
  planningRuleSchema,
  planningRulesImportSchema,
  ruleViolationSchema,
} from './schemas/planning-rules';
export { authProvidersSchema, ssoExchangeSchema, ssoMappingCreateSchema, ssoMappingSchema } from './schemas/sso';
export { historyEntrySchema, historyPageSchema, historyQuerySchema, revertQuerySchema, revertResultSchema, rowHistoryQuerySchema } from './schemas/history';

// The import specs: each checks a row with its schema (docs/product.md#bulk-upload).
export { IMPORT_SPECS } from './rules/imports/specs';
export { checkProspectiveRow, PROSPECTIVE_IMPORT, PROSPECTIVE_MAX_LENGTH } from './rules/imports/prospective';
export { CAMPAIGN_IMPORT, EVENT_IMPORT, scopedCampaign } from './rules/imports/tables';
export {
  APPROVAL_LIMITS,
  approvalRuleBodySchema,
  approvalRuleSchema,
  campaignApprovalsSchema,
  goLiveBodySchema,
  reviewDecisionBodySchema,
  reviewEventSchema,
  reviewRequestBodySchema,
} from './schemas/approvals';
export {
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookDeliveryStatusSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './schemas/webhooks';
// The inbox and notification preferences (docs/adr/0060).
export {
  notificationDataSchema,
  notificationDeliverySchema,
  notificationKindSchema,
  notificationListQuerySchema,
  notificationPrefsSchema,
  notificationPrefsUpdateSchema,
  notificationSchema,
  readAllSchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from './schemas/notifications';
