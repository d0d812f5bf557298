import type {
  AccessKey,
  AccessKeyCreateRequest,
  AccessKeyCreated,
  AuthUserResponse,
  ListUsersResponse,
  Permission,
  Session,
  User,
} from '../schemas/auth';
import type { Notification, NotificationListQuery, NotificationPrefsUpdate } from '../schemas/notifications';
import type { NotificationPrefs } from '../rules/notifications';
import type { Campaign, CampaignCreate, CampaignListQuery, CampaignUpdate, VirtualCampaign } from '../schemas/campaign';
import type { CampaignStats, CampaignStatsQuery } from '../schemas/campaign-stats';
import type { Baseline, BaselineCreate, BaselineUpdate, CompareQuery, CompareResult } from '../schemas/baselines';
import type { Webhook, WebhookCreate, WebhookDeliveriesQuery, WebhookDelivery, WebhookUpdate, WebhookWithSecret } from '../schemas/webhooks';
import type { CampaignFilter } from '../schemas/campaign-filter';
import type { CadenceEvent, EventCreate, EventUpdate } from '../schemas/events';
import type { CommentCreate, Idea, IdeaComment, IdeaCreate, IdeaUpdate } from '../schemas/ideas';
import type {
  Ad,
  AdCreate,
  AdType,
  AdTypeCreate,
  AdTypeUpdate,
  AdUpdate,
  Article,
  ArticleCreate,
  ArticleUpdate,
  ImportReport,
  ProspectiveCreate,
  ProspectivePublication,
  ProspectiveUpdate,
  Publication,
  PublicationCreate,
  PublicationUpdate,
} from '../schemas/industry';
import type { AdStatus, PermissionType, Role } from '../constants';
import type { Channel } from '../channels';
import type { ImportKind } from '../rules/imports/spec';
import type { AuthProviders, SsoMappingCreateRequest, SsoMappingRecord } from '../schemas/sso';
import type { SavedView, SavedViewCounts, SavedViewCreate, SavedViewUpdate } from '../schemas/saved-view';
import type { ShareLink, ShareLinkCreate, ShareLinkCreated, ShareLinkOpen, ShareLinkOpened, ShareLinkUpdate } from '../schemas/share-links';
import type { HistoryEntry, HistoryPage, HistoryQuery, RevertResult } from '../schemas/history';
import type { HistoryResource } from '../rules/history';
import type { MyTaskCounts, MyTaskCountsQuery, MyTasksQuery, Task, TaskAssignee, TaskCreate, TaskUpdate } from '../schemas/tasks';
import type { CampaignTemplate, TemplateApply, TemplateApplyResult, TemplateCreate, TemplateFromCampaign, TemplateUpdate } from '../schemas/templates';
import type { ApprovalRuleRecord, CampaignApprovals } from '../schemas/approvals';
import type { CampaignComment, CampaignCommentCreate, CampaignCommentUpdate, CommentPerson, MentionableQuery, WatchState } from '../schemas/campaign-comments';
import type { ApprovalMode } from '../rules/approvals';
import type { ClosedDay, ClosedDayCreate, ClosedDaysImport, WorkingCalendarData } from '../schemas/working-calendar';
import type { ReplanReport } from '../rules/replan';
import type { RuleViolation } from '../rules/planning-rules';
import type { ConflictsList, PlanningRuleBody, PlanningRuleRecord } from '../schemas/planning-rules';

/**
 * The planning rules' warnings a write earned (docs/adr/0062): the rules it breaks that only warn.
 * A write that breaks a blocking rule is a 409 `rule_blocked` instead, and saves nothing.
 */
export interface RuleWarningOptions {
  onWarnings?: (warnings: RuleViolation[]) => void;
}

/** Planning rules (docs/adr/0062): read by every signed-in principal, kept by administrators. */
export interface PlanningRulesApi {
  /** Every rule, oldest first, each with `description`, the rule in words. */
  list(): Promise<PlanningRuleRecord[]>;
  /** Administrators: a new rule; a malformed one is a 400 naming the field (`limit`, `channel`, `audience`, `gap_days`). */
  create(body: PlanningRuleBody): Promise<PlanningRuleRecord>;
  /** Administrators: the rule replaced by `body` (every field; those its kind does not use become null); `version` guards (412). */
  update(id: string, body: PlanningRuleBody, options?: WriteOptions): Promise<PlanningRuleRecord>;
  remove(id: string, options?: WriteOptions): Promise<void>;
  /** Administrators: the whole list replaced by `rules`, all or nothing (a bad rule: 400 on `rules.<i>.<field>`). */
  replaceAll(rules: PlanningRuleBody[]): Promise<PlanningRuleRecord[]>;
  /** Every conflict with a go-live in the window (at most 366 days), among all campaigns: the conflicts list. */
  conflicts(range: { from: string; to: string }): Promise<ConflictsList>;
  /** The same list as the server's CSV (`format=csv`): what "Download CSV" saves. */
  conflictsCsv(range: { from: string; to: string }): Promise<string>;
}

/** Optimistic concurrency: pass the version you edited to get a 412 instead of overwriting. */
export interface WriteOptions {
  version?: number;
}

export interface Crud<Row, Create, Update, Query = Record<string, never>> {
  list(query?: Query): Promise<Row[]>;
  get(id: string): Promise<Row>;
  create(body: Create): Promise<Row>;
  update(id: string, patch: Update, options?: WriteOptions): Promise<Row>;
  remove(id: string, options?: WriteOptions): Promise<void>;
}

export interface BulkOptions {
  dryRun?: boolean;
  skipExisting?: boolean;
}


export interface Page {
  limit?: number;
  offset?: number;
}

export interface CampaignPage {
  items: Campaign[];
  /** The cursor of the next page; null when this page was the last. */
  nextCursor: string | null;
}

export interface TaskPage {
  items: Task[];
  /** The cursor of the next page; null when this page was the last. */
  nextCursor: string | null;
}

/**
 * A campaign's tasks (docs/adr/0049-campaign-tasks.md). Every task row carries its campaign's
 * id, title, status, scope, channels and go-live date (`campaign`), and its assignee's e-mail.
 * Errors are the API's: 400 naming the field (`title`, `due_date`, `status`, `assignee_id`,
 * `after`/`before`), 403 for a write the caller may not make, 404 for a task or campaign they may
 * not read, 412 with the current row for a stale `version`.
 */
export interface TasksApi {
  /**
   * One campaign's tasks in their order (`rank`, then id). 404 when the caller may not read the
   * campaign. Realtime: topic `tasks`, query kind `tasks`.
   */
  list(campaignId: string): Promise<Task[]>;
  /**
   * "My work": tasks of every campaign the caller may read, by due date (undated last), then id.
   * `{assignee: 'me'}` for the caller's own (an access key's: its creator's), `status` `open`,
   * `done` or `all` (default), `campaign`, `due_before` (a `YYYY-MM-DD`, strictly before). Without
   * `limit`, every matching task; with it, the first page only (see `minePage`).
   */
  mine(query?: MyTasksQuery): Promise<Task[]>;
  /** One page of `mine`: pass the previous page's `nextCursor` as `cursor` until it is null. */
  minePage(query: MyTasksQuery & { limit: number }): Promise<TaskPage>;
  /**
   * How many tasks `mine` would answer for the same filters, without reading them, and of those
   * the open ones due before `today` (the reader's `YYYY-MM-DD`; without it `overdue` is null).
   * Realtime: query kind `myTaskCounts`.
   */
  counts(query?: MyTaskCountsQuery): Promise<MyTaskCounts>;
  get(id: string): Promise<Task>;
  /**
   * Adds a task to a campaign (whoever may update the campaign): `title` (1–200 characters,
   * trimmed), optional `assignee_id` (a user who may read the campaign), `due_date`
   * (`YYYY-MM-DD`), `status` (default `todo`), `required` (default false), `note` (≤ 5,000), and
   * `after` or `before` another of its tasks (default: at the end).
   */
  create(campaignId: string, body: TaskCreate): Promise<Task>;
  /**
   * Changes only the given fields; `after`/`before` moves it (one row written). Whoever may update
   * the campaign changes anything; the assignee who may only read it changes `status` alone (else
   * 403). Marking it `done` sets `completed_at`, reopening clears it. `options.version`: 412 with
   * the current row when stale. The campaign's `task_summary` follows; its `version` does not.
   */
  update(id: string, patch: TaskUpdate, options?: WriteOptions): Promise<Task>;
  /** Deletes it (whoever may update the campaign); revertible from the history like any delete. */
  remove(id: string, options?: WriteOptions): Promise<void>;
  /** Who the campaign's tasks may be assigned to: the users who may read it ({id, email}), by e-mail. */
  assignees(campaignId: string): Promise<TaskAssignee[]>;
  /**
   * The people the caller's readable tasks are assigned to, by e-mail: a filter's choices for
   * someone who may not list the install's users. Realtime: query kind `seenAssignees`.
   */
  seenAssignees(): Promise<TaskAssignee[]>;
}

/** A campaign's comments, @mentions and watchers (docs/adr/0059). */
export interface CampaignCommentsApi {
  /**
   * One campaign's comments, oldest first. 404 when the caller may not read the campaign; empty for a
   * key bound to a view. Realtime: topic `campaign_comments`, query kind `campaignComments`.
   */
  list(campaignId: string): Promise<CampaignComment[]>;
  get(id: string): Promise<CampaignComment>;
  /**
   * Comments on a campaign (whoever may read it, in person or with a full write key; read-only and
   * channel keys get 403): `body` 1–5,000 characters after trimming, Markdown-light (`**bold**`,
   * `*italic*`, `[text](https://…)`, line breaks), mentions as core's `mentionToken(email, userId)`.
   * Mentioning someone who may not read the campaign is a 400 on `body` naming them; nothing is saved.
   * The author and everyone mentioned then watch the campaign.
   */
  create(campaignId: string, body: CampaignCommentCreate): Promise<CampaignComment>;
  /** Edits the text (its author or an administrator); sets `edited_at`; only people the edit adds are mentioned anew. */
  update(id: string, patch: CampaignCommentUpdate, options?: WriteOptions): Promise<CampaignComment>;
  /** Deletes it (its author or an administrator); revertible from the history like any delete. */
  remove(id: string, options?: WriteOptions): Promise<void>;
  /** Whom a comment on the campaign may mention: the people who may read it, by e-mail, filtered by `q` (at most `limit`, 20). */
  mentionable(campaignId: string, query?: MentionableQuery): Promise<CommentPerson[]>;
  /** Whether the caller watches the campaign, why, and how many watch it. Realtime: query kind `campaignWatch`. */
  watch(campaignId: string): Promise<WatchState>;
  /** Watch or unwatch it: an explicit choice over being its owner, an assignee, a reviewer or mentioned. */
  setWatching(campaignId: string, watching: boolean): Promise<WatchState>;
}

/** Approvals per channel and the go-live gate (docs/adr/0056). */
export interface ApprovalsApi {
  /** Every channel's rule, with its reviewers' e-mails ("none" for a channel without one). */
  rules(): Promise<ApprovalRuleRecord[]>;
  /** Administrators: a channel's rule; every reviewer must read that channel's campaigns (400 on the field otherwise). */
  setRule(channel: Channel, rule: { mode: ApprovalMode; steps?: Array<{ name: string; reviewer_ids: string[] }> }): Promise<ApprovalRuleRecord>;
  /** A campaign's approval state per channel, what keeps it from going live, and its review's facts. */
  of(campaignId: string): Promise<CampaignApprovals>;
  /** Request review: notifies the reviewers of its channels' first steps; earlier decisions stop counting. */
  request(campaignId: string, comment?: string): Promise<CampaignApprovals>;
  /** A reviewer's decision on a channel's open step; asking for changes needs a comment. */
  decide(campaignId: string, decision: { channel: Channel; decision: 'approve' | 'changes'; comment?: string }): Promise<CampaignApprovals>;
  /**
   * Make a campaign Live: 409 `not_ready` names what is missing; an administrator may pass
   * `overrideReason` to go live anyway, kept in the campaign's history.
   */
  goLive(campaignId: string, options?: WriteOptions & RuleWarningOptions & { overrideReason?: string }): Promise<Campaign>;
}

/**
 * Everything the widgets, the app and the CLI ask of the server. The HTTP client implements
 * it; tests and stories inject an in-memory one.
 */
export interface CadenceClient {
  auth: {
    signUp(email: string, password: string): Promise<{ user: User }>;
    signIn(email: string, password: string): Promise<Session>;
    refresh(refreshToken: string): Promise<Session>;
    signOut(): Promise<void>;
    user(): Promise<AuthUserResponse>;
    /** Mails a reset link to the site (or to `appUrl`, when it is on one of the site's allowed origins). */
    sendPasswordReset(email: string, appUrl?: string): Promise<void>;
    updatePassword(token: string, newPassword: string): Promise<void>;
    /** How this server lets people sign in: password, single sign-on (docs/adr/0027). */
    providers(): Promise<AuthProviders>;
    /** The one-time code from the single sign-on redirect, exchanged once for a session. */
    exchangeSsoCode(code: string, codeVerifier?: string): Promise<Session>;
  };
  campaigns: Omit<Crud<Campaign, CampaignCreate, CampaignUpdate, CampaignListQuery>, 'update' | 'create'> & {
    /** A new campaign; the planning rules it breaks that only warn reach `onWarnings` (a blocking one: 409 `rule_blocked`). */
    create(body: CampaignCreate, options?: RuleWarningOptions): Promise<Campaign>;
    /**
     * Sends only the given fields. A new `live_date` re-plans the campaign's open tasks on the
     * server (docs/adr/0053): `onReplan` gets what moved, which an Undo sends back as `task_due_dates`.
     */
    update(id: string, patch: CampaignUpdate, options?: WriteOptions & RuleWarningOptions & { onReplan?: (report: ReplanReport) => void }): Promise<Campaign>;
    promote(id: string, options?: WriteOptions): Promise<Campaign>;
    /** One page, newest first: pass the previous page's `nextCursor` until it is null (docs/adr/0020). */
    page(query: CampaignListQuery & { limit: number }): Promise<CampaignPage>;
    /** The stat cards' and channel cards' counts over what the caller may read. */
    stats(query?: CampaignStatsQuery): Promise<CampaignStats>;
    /**
     * A CSV (text or a file) or an .xlsx file of campaigns, one per line, sent as it is: the server
     * checks every line (the planning rules' blocks too) and saves all or nothing. A dry run saves
     * nothing and answers what would be; a refused file is a 400 naming each line.
     */
    importFile(file: Blob | string, options?: { dryRun?: boolean; skipExisting?: boolean }): Promise<ImportReport>;
  };
  tasks: TasksApi;
  campaignComments: CampaignCommentsApi;
  approvals: ApprovalsApi;
  /** `filter`: the campaign list's filters, applied to the virtual rows (docs/adr/0029). */
  dashboard: { virtual(filter?: CampaignFilter): Promise<VirtualCampaign[]> };
  ideas: Crud<Idea, IdeaCreate, IdeaUpdate, Page>;
  comments: {
    listAll(query?: Page): Promise<IdeaComment[]>;
    list(ideaId: string): Promise<IdeaComment[]>;
    create(ideaId: string, body: CommentCreate): Promise<IdeaComment>;
    remove(id: string, options?: WriteOptions): Promise<void>;
  };
  publications: Crud<Publication, PublicationCreate, PublicationUpdate, Page>;
  adTypes: Omit<Crud<AdType, AdTypeCreate, AdTypeUpdate, Page>, 'create' | 'list'> & {
    list(publicationId?: string): Promise<AdType[]>;
    create(publicationId: string, body: AdTypeCreate): Promise<AdType>;
  };
  ads: Crud<Ad, AdCreate, AdUpdate, Page & { status?: AdStatus; publication_id?: string }>;
  prospective: Omit<Crud<ProspectivePublication, ProspectiveCreate, ProspectiveUpdate, Page>, 'create'> & {
    create(body: ProspectiveCreate): Promise<ProspectivePublication>;
    createMany(rows: ProspectiveCreate[]): Promise<ProspectivePublication[]>;
    /**
     * The bulk upload: a CSV (text, or a file) or an .xlsx file sent as it is; the server reads
     * it and answers with its report (docs/product.md#bulk-upload).
     */
    importFile(file: Blob | string, options?: { dryRun?: boolean; skipExisting?: boolean }): Promise<ImportReport>;
  };
  articles: Crud<Article, ArticleCreate, ArticleUpdate, Page & { status?: AdStatus }>;
  events: Crud<CadenceEvent, EventCreate, EventUpdate, Page>;
  users: {
    list(): Promise<ListUsersResponse['users']>;
    permissions(userId: string): Promise<Permission[]>;
    grant(userId: string, permissionType: PermissionType, channel?: Channel | null): Promise<Permission>;
    revoke(userId: string, permissionType: PermissionType, channel?: Channel | null): Promise<void>;
    role(userId: string): Promise<{ user_id: string; role: Role | null }>;
    setRole(userId: string, role: Role | null): Promise<{ user_id: string; role: Role | null }>;
  };
  /** Saved views (docs/adr/0032): the caller's own and the team's shared ones. */
  views: {
    list(): Promise<SavedView[]>;
    get(id: string): Promise<SavedView>;
    create(body: SavedViewCreate): Promise<SavedView>;
    update(id: string, patch: SavedViewUpdate, options?: WriteOptions): Promise<SavedView>;
    remove(id: string, options?: WriteOptions): Promise<void>;
    /** Undo a delete (the caller's own, within a day): the view comes back with its id and owner. */
    restore(id: string): Promise<SavedView>;
    /** Campaigns each visible view shows, by view id. */
    counts(): Promise<SavedViewCounts>;
  };
  /**
   * Stakeholder links (docs/adr/0061): a saved view shown read-only to people without an account.
   * Made by whoever may read the view (never a key); changed and revoked by their creator or an
   * administrator. `open` is for the public page: it needs no sign-in.
   */
  shareLinks: {
    /** The caller's links (an administrator: everyone's); `all` adds revoked and expired ones. */
    list(options?: { all?: boolean }): Promise<ShareLink[]>;
    /** A view's links the caller made (its owner and administrators: all of them). */
    forView(viewId: string, options?: { all?: boolean }): Promise<ShareLink[]>;
    /** A new link; its `token` (and `path`, the page that opens it) are shown this once. An expiry in the past is a 400 naming `expires_on`. */
    create(viewId: string, body: ShareLinkCreate): Promise<ShareLinkCreated>;
    /** Expiry, shown fields, or password (null: none); an open page follows at once. */
    update(id: string, patch: ShareLinkUpdate): Promise<ShareLink>;
    /** Revoke: the link stops opening and an open page stops reading at once. */
    revoke(id: string): Promise<void>;
    /**
     * Opens a link signed out: a short-lived credential for a client of its own (`accessKey`), the
     * view's name and the fields shown. 401 `password_required`, 403 for a wrong password, 404 when
     * the link is unknown, revoked or expired.
     */
    open(token: string, body?: ShareLinkOpen): Promise<ShareLinkOpened>;
  };
  /**
   * Campaign templates back-timed from go-live (docs/adr/0054): listed and read by whoever may
   * create campaigns, kept by administrators.
   */
  templates: Crud<CampaignTemplate, TemplateCreate, TemplateUpdate, Page> & {
    /**
     * New campaigns from a template, each with its go-live and the person for each role: every task
     * placed on the install's working days, all in one transaction (a bad row creates nothing; the
     * 400 names `campaigns.<n>.<field>`).
     */
    apply(id: string, body: TemplateApply): Promise<TemplateApplyResult>;
    /** "Save as template" (administrators): a campaign's defaults, and its tasks as working-day offsets from go-live. */
    fromCampaign(body: TemplateFromCampaign): Promise<CampaignTemplate>;
  };
  /** Planning rules and the conflicts they find (docs/adr/0062). */
  planningRules: PlanningRulesApi;
  /** The working calendar (docs/adr/0052): the weekend and the closed days calendars shade; `from`/`to` limit the days. */
  workingCalendar: { get(range?: { from?: string; to?: string }): Promise<WorkingCalendarData> };
  /**
   * Baselines (docs/adr/0063): the plan at a past moment against the plan now, and named moments
   * saved for it. Saved baselines are the team's (people only, never a key): saved by administrators
   * and whoever may create campaigns, renamed and deleted by their creator or an administrator.
   */
  baselines: BaselinesApi;
  /** The caller's inbox (docs/adr/0060): items about them, newest first; a person's, never an access key's. */
  notifications: NotificationsApi;
  /** The activity log (docs/adr/0028): what the caller may read, newest first. */
  history: {
    /** One page; pass `next_cursor` back as `cursor` until it is null. */
    list(query?: HistoryQuery): Promise<HistoryPage>;
    /** One row's changes (its History tab); also after a delete, to those who could read it then. */
    forRow(resource: HistoryResource, id: string, query?: { limit?: number; cursor?: string }): Promise<HistoryPage>;
    /** Every entry the query matches, a page at a time (only one page is held at once). */
    pages(query?: Omit<HistoryQuery, 'cursor'>): AsyncIterable<HistoryEntry[]>;
    /**
     * Puts back what an entry changed, as a normal write. `version` is the row's current version
     * (If-Match); a 409 `revert_conflict` names the fields changed since.
     */
    revert(entryId: string, options?: WriteOptions & { dryRun?: boolean }): Promise<RevertResult>;
  };
}

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  /** The cursor of the next page; null when this page was the last. */
  nextCursor: string | null;
}

export interface WebhooksApi {
  list(): Promise<Webhook[]>;
  get(id: string): Promise<Webhook>;
  create(body: WebhookCreate): Promise<WebhookWithSecret>;
  update(id: string, body: WebhookUpdate): Promise<Webhook>;
  remove(id: string): Promise<void>;
  /** A new secret, shown once; the old one stops signing at once. */
  rotateSecret(id: string): Promise<WebhookWithSecret>;
  /** Queues a `ping` to the endpoint; answers its delivery (pending until the worker sends it). */
  test(id: string): Promise<WebhookDelivery>;
  /** The endpoint's deliveries, newest first. */
  deliveries(id: string, query?: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage>;
  /** One more attempt of a delivery, now. */
  redeliver(deliveryId: string): Promise<WebhookDelivery>;
}

export interface BaselinesApi {
  /** Every saved baseline, newest moment first. */
  list(): Promise<Baseline[]>;
  /** Names a past moment: 400 on `name` (empty, too long) or `at` (not a date-time, in the future). */
  create(body: BaselineCreate): Promise<Baseline>;
  /** Renames it (its moment stays). */
  update(id: string, body: BaselineUpdate): Promise<Baseline>;
  remove(id: string): Promise<void>;
  /**
   * Each campaign the caller may read whose plan touches `from`–`to` then or now: its dates at the
   * moment (`at`, or a saved `baseline`'s), its dates now, moved/added/removed/same and the live
   * date's slip in days, with a summary. Rebuilt exactly from the activity log.
   */
  compare(query: CompareQuery): Promise<CompareResult>;
}

/** The inbox and how its person hears about each kind (docs/adr/0060). */
export interface NotificationsApi {
  /** One page, newest first (`unread: '1'` for the unread only): pass `nextCursor` back as `cursor` until it is null. */
  page(query?: NotificationListQuery): Promise<{ items: Notification[]; nextCursor: string | null }>;
  /** How many are unread: the bell's badge. */
  unreadCount(): Promise<{ count: number }>;
  /** Marks one read (again: no change). */
  markRead(id: string): Promise<Notification>;
  /** Marks every unread one read; answers how many were. */
  markAllRead(): Promise<{ updated: number }>;
  /** Per kind: in the app only, e-mail at once, or the daily digest; and the digest's time and zone. */
  prefs(): Promise<NotificationPrefs>;
  /** Changes the kinds given (the rest stay), and the digest's time or zone when given: 400 names `kinds.<kind>`, `digest_time` or `time_zone`. */
  setPrefs(change: NotificationPrefsUpdate): Promise<NotificationPrefs>;
}

/** What administrators' tools (the CLI, scripts) use on top of the product's client. */
export interface CadenceAdminClient extends CadenceClient {
  imports: {
    /**
     * A file for one import kind (CSV text, or a Blob of CSV or .xlsx that fetch streams): the
     * server reads, checks and saves it, all or nothing, and answers by line.
     */
    upload(kind: ImportKind, file: Blob | string, options?: BulkOptions & { contentType?: string }): Promise<ImportReport>;
  };
  accessKeys: {
    list(): Promise<AccessKey[]>;
    create(body: AccessKeyCreateRequest): Promise<AccessKeyCreated>;
    revoke(id: string): Promise<void>;
  };
  /** The working calendar (docs/adr/0052): read by anyone signed in, kept by administrators. */
  workingCalendar: CadenceClient['workingCalendar'] & {
    setWeekend(weekend: number[]): Promise<WorkingCalendarData>;
    close(body: ClosedDayCreate): Promise<ClosedDay>;
    reopen(day: string): Promise<void>;
    /** An .ics file's text: its all-day events close their days; days closed already stay. */
    importIcs(ics: string, kind?: ClosedDay['kind']): Promise<ClosedDaysImport & { skipped: Array<{ summary: string; reason: string }> }>;
  };
  /**
   * Signed webhooks (docs/adr/0058), administrators only. The secret is in the answer of `create`
   * and `rotateSecret` alone. Errors: 400 on `url` (not https, or a host not in
   * WEBHOOK_ALLOWED_HOSTS, or a link-local or metadata address), on `events.<i>` (no such event).
   */
  webhooks: WebhooksApi;
  /** Single sign-on: which provider claim values grant what (docs/adr/0027). */
  ssoMappings: {
    list(): Promise<SsoMappingRecord[]>;
    create(body: SsoMappingCreateRequest): Promise<SsoMappingRecord>;
    remove(id: string): Promise<void>;
  };
}
