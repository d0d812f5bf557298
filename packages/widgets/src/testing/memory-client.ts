import {
  EMPTY_TASK_SUMMARY,
  todayYmd,
  campaignMatchesFilter,
  CadenceApiError,
  LIMITS,
  MESSAGES,
  abilities,
  can,
  touchesApprovedFields,
  lacksPrimaryChannel,
  normalizeScopedCampaign,
  PRIMARY_CHANNEL_MESSAGE,
  promote,
  toWirePrincipal,
  type ApprovalRule,
  type AuthUserResponse,
  type CadenceAdminClient,
  type CadenceClient,
  type Baseline,
  type Campaign,
  type CampaignComment,
  type CampaignTemplate,
  type HistoryEntry,
  type Notification,
  type NotificationPrefs,
  type Principal,
  type SavedView,
  type Task,
  type VirtualCampaign,
  type Webhook,
  type WebhookDelivery,
  type WebhooksApi,
} from '@cadence/core';
import { campaignCreateSchema, campaignUpdateSchema } from '@cadence/core/schemas';
import { memoryCampaignImport } from './memory-campaign-import';
import { memoryCampaignList, memoryCampaignPage, memoryCampaignStats } from './memory-campaign-reads';
import { checkVersion, forbidden, memoryId, notFound, validation } from './memory-crud';
import { memoryExtras, type ExtrasData } from './memory-extras';
import { memoryBaselines } from './memory-baselines';
import { memoryHistory } from './memory-history';
import { memoryCampaignComments } from './memory-campaign-comments';
import { memoryTasks } from './memory-tasks';
import { memoryTemplates } from './memory-templates';
import { memoryApprovals } from './memory-approvals';
import { memoryViews } from './memory-views';
import { memoryShareLinks } from './memory-share-links';
import { memoryWorkingCalendar } from './memory-working-calendar';
import { memoryPlanningRules } from './memory-planning-rules';
import { memoryWebhooks } from './memory-webhooks';
import { memoryNotifications } from './memory-notifications';
import type { MemoryDirectoryUser } from './memory-people';
import type { PlanningRuleRecord, WorkingCalendarData } from '@cadence/core';

export type { MemoryDirectoryUser } from './memory-people';

export interface MemoryUser {
  id?: string;
  email?: string;
  role?: Principal['role'];
  permissions?: Principal['permissions'];
  readOnly?: boolean;
}

export interface MemoryClientOptions extends Partial<Omit<ExtrasData, 'users'>> {
  campaigns?: Campaign[];
  /** Tasks of those campaigns (docs/adr/0049); their campaigns' `task_summary` is taken as given. */
  tasks?: Task[];
  /** Comments on those campaigns (docs/adr/0059); `mentions`, `author_email` and `campaign` are answered as they are now. */
  campaignComments?: CampaignComment[];
  /** Approval rules per channel (docs/adr/0056); none by default. */
  approvalRules?: ApprovalRule[];
  virtual?: VirtualCampaign[];
  /** Saved views of anyone (docs/adr/0032): the signed-in user sees their own and the shared ones. */
  views?: SavedView[];
  /** Saved baselines (docs/adr/0063). */
  baselines?: Baseline[];
  /** Campaign templates (docs/adr/0054). */
  templates?: CampaignTemplate[];
  /** Other accounts in the directory (the signed-in user is always listed first). */
  users?: MemoryDirectoryUser[];
  /** Defaults to an administrator. */
  user?: MemoryUser;
  /** Delay of every call, to show loading states. */
  latencyMs?: number;
  /** The clock used for created_at/updated_at. */
  now?: () => Date;
  /** The working calendar (docs/adr/0052); the standard weekend and no closed days unless given. */
  workingCalendar?: WorkingCalendarData;
  /** Planning rules (docs/adr/0062); none by default. */
  planningRules?: PlanningRuleRecord[];
  /** Webhook endpoints and their deliveries (docs/adr/0058). */
  webhooks?: Webhook[];
  webhookDeliveries?: WebhookDelivery[];
  /** Inbox items of anyone (docs/adr/0060): the signed-in user reads their own. */
  notifications?: Notification[];
  /** The signed-in user's notification preferences; core's defaults unless given. */
  notificationPrefs?: Partial<NotificationPrefs>;
}

export interface MemoryCall {
  op: string;
  args: unknown[];
}

export interface MemoryControl {
  setLatency(ms: number): void;
  /** The next call of `op` (e.g. 'campaigns.update') fails with `error` (default: 500). */
  failNext(op: string, error?: Error): void;
  /** Every call of `op` fails until `clearFailures()`; `op` '*' fails every call. */
  failAlways(op: string, error?: Error): void;
  clearFailures(): void;
  /** Changes a stored campaign as another user would (default someone@cadence.demo): its version bumps and the log records it. */
  editAsSomeoneElse(id: string, patch: Partial<Campaign>, email?: string): Campaign;
  /** The activity log, newest first. */
  history(): HistoryEntry[];
  /** Every call so far, with its arguments. */
  readonly calls: MemoryCall[];
  /** The stored campaigns, unfiltered. */
  campaigns(): Campaign[];
  /** Every stored row of the other resources. */
  data(): ExtrasData;
  /** Saves a view as another user would (default: shared by editor@cadence.demo). */
  saveViewAs(view: Partial<SavedView> & Pick<SavedView, 'name' | 'query'>, user?: { id: string; email: string }): SavedView;
  /** Every stored saved view, whoever owns it. */
  views(): SavedView[];
  /** Every stored task, readable or not. */
  tasks(): Task[];
  /** Every stored campaign comment, readable or not. */
  campaignComments(): CampaignComment[];
  /**
   * Adds someone to the user directory (with their permission records), as signing up and an
   * administrator's grants would: whom tasks may be assigned to, and who reads what.
   */
  addUser(user: MemoryDirectoryUser, permissions?: Principal['permissions']): void;
  /** An inbox item arrives, as the server writes one (the realtime change is the caller's to send). */
  notify(item: Notification): Notification;
  /** Every stored inbox item, whoever's. */
  notifications(): Notification[];
  /** The planning rules (docs/adr/0062). */
  planningRules(): PlanningRuleRecord[];
}

/** The in-memory client also uploads example images, as the provider's uploader does. */
export type MemoryClient = CadenceClient & {
  /** The administrators' writes too (docs/adr/0052), as Settings → Working days uses them. */
  workingCalendar: CadenceAdminClient['workingCalendar'];
  /** Signed webhooks (docs/adr/0058), as Settings → Webhooks uses them. */
  webhooks: WebhooksApi;
  control: MemoryControl;
  uploadAdTypeExample(publicationId: string, file: Blob): Promise<{ path: string; public_url: string }>;
};

export const DEFAULT_MEMORY_USER_ID = '00000000-0000-4000-8000-00000000a001';

const serverError = () => new CadenceApiError(500, 'internal', 'Simulated server error');

/**
 * An in-memory `CadenceClient` for tests and stories: versions bump, a stale version gets
 * 412 with the current row, writes the user may not make get 403 (core's policy), and
 * latency and failures can be simulated through `control`.
 */
export function createMemoryClient(options: MemoryClientOptions = {}): MemoryClient {
  const clock = options.now ?? (() => new Date());
  const now = () => clock().toISOString();
  const user = { id: DEFAULT_MEMORY_USER_ID, email: 'admin@cadence.demo', role: 'admin' as const, permissions: [], ...options.user };
  const principal: Principal = { userId: user.id, role: user.role ?? null, permissions: user.permissions, readOnly: !!user.readOnly };
  const campaigns: Campaign[] = structuredClone(options.campaigns ?? []);
  const virtual: VirtualCampaign[] = structuredClone(options.virtual ?? []);
  let latency = options.latencyMs ?? 0;
  const once = new Map<string, Error>();
  const always = new Map<string, Error>();
  const calls: MemoryCall[] = [];

  const run = async <T>(op: string, fn: () => T, args: unknown[] = []): Promise<T> => {
    calls.push({ op, args: structuredClone(args) });
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const failure = once.get(op) ?? always.get(op) ?? always.get('*');
    once.delete(op);
    if (failure) throw failure;
    return fn();
  };
  const find = (id: string) => {
    const row = campaigns.find((c) => c.id === id);
    if (!row || !can(principal, 'read', 'campaign', row)) throw notFound();
    return row;
  };
  const readable = () => campaigns.filter((c) => can(principal, 'read', 'campaign', c));
  /** As the server: an owner_id names a user of the install (400 on the field). */
  const checkOwner = (ownerId: string | null | undefined) => {
    if (ownerId && !data.users.some((u) => u.id === ownerId)) throw validation([{ path: ['owner_id'], message: 'Not a user of this install' }]);
  };
  // The task filters' `me` and today: this client's user and clock (the server's are its own).
  const filterContext = () => ({ me: principal.userId, today: todayYmd(clock()) });
  const log = memoryHistory(now, { id: user.id, email: user.email });
  const save = (row: Campaign, next: Campaign, action = 'update', fields: Iterable<string> = Object.keys(next), reverts?: string) => {
    if (!can(principal, 'update', 'campaign', next)) throw forbidden();
    const before = structuredClone(row);
    Object.assign(row, next, { version: row.version + 1, updated_at: now() });
    log.record('campaigns', row.id, action, { before, after: row, fields, ...(reverts ? { reverts } : {}) });
    return structuredClone(row);
  };
  const removeCampaign = (id: string, version: number | undefined, reverts?: string) => {
    const row = find(id);
    if (!can(principal, 'delete', 'campaign', row)) throw forbidden();
    checkVersion(row, version);
    campaigns.splice(campaigns.indexOf(row), 1);
    taskStore.campaignDeleted(id);
    commentStore.campaignDeleted(id);
    log.record('campaigns', id, 'delete', { row, ...(reverts ? { reverts } : {}) });
  };
  log.register('campaigns', {
    get: (id) => campaigns.find((c) => c.id === id) as never,
    update: (id, patch, version, reverts) => {
      const row = find(id);
      checkVersion(row, version);
      return save(row, normalizeScopedCampaign({ ...row, ...patch } as Campaign), 'update', Object.keys(patch), reverts) as never;
    },
    recreate: (row, reverts) => {
      // Its tasks went with it: a campaign written anew has none (the server's insert trigger).
      const back = { ...(row as unknown as Campaign), version: row.version + 1, updated_at: now(), task_summary: { ...EMPTY_TASK_SUMMARY } };
      if (!can(principal, 'create', 'campaign', back)) throw forbidden();
      campaigns.unshift(back);
      log.record('campaigns', back.id, 'create', { reverts });
      return structuredClone(back) as never;
    },
    remove: removeCampaign,
  });

  const data: ExtrasData = structuredClone({
    ideas: options.ideas ?? [], comments: options.comments ?? [], events: options.events ?? [],
    publications: options.publications ?? [], adTypes: options.adTypes ?? [], ads: options.ads ?? [],
    prospective: options.prospective ?? [], articles: options.articles ?? [],
    users: [{ id: user.id, email: user.email, role: user.role ?? null }, ...(options.users ?? []).filter((u) => u.id !== user.id)],
    permissions: options.permissions ?? [],
  });
  const extras = memoryExtras(run, now, user, principal, data, log);
  const taskStore = memoryTasks({ run, now, principal, campaigns, tasks: structuredClone(options.tasks ?? []), people: data, log });
  const calendarState: WorkingCalendarData = structuredClone(options.workingCalendar ?? { weekend: [5, 6], closed_days: [] });
  const workingCalendar = memoryWorkingCalendar({ run, now, principal, state: calendarState });
  const planning = memoryPlanningRules({
    run, now, principal, campaigns, log, calendar: () => calendarState, ...(options.planningRules ? { rules: options.planningRules } : {}),
  });
  const approvals = memoryApprovals({
    run, now, principal, campaigns, tasks: () => taskStore.all(), users: () => data.users, permissions: () => data.permissions, log, save, rules: options.approvalRules ?? [], ruleGate: planning.gate,
  });
  const commentStore = memoryCampaignComments({
    run, now, principal, campaigns, comments: structuredClone(options.campaignComments ?? []), tasks: () => taskStore.all(), reviewersOf: approvals.reviewersOf, people: data, log,
  });
  const savedViews: SavedView[] = structuredClone(options.views ?? []);
  const emails = new Map(data.users.map((u) => [u.id, u.email]));
  // `conflicts=1`: the campaigns in a planning-rule conflict over the list's window (the whole plan judged).
  const listContext = (query: { from?: string | undefined; to?: string | undefined; conflicts?: string | undefined }) =>
    query.conflicts ? { ...filterContext(), conflicted: planning.conflicted(query) } : filterContext();
  const views = memoryViews(savedViews, { run, now, principal, readable, conflicted: () => planning.conflicted({}), emailOf: (id) => (id ? emails.get(id) ?? null : null) });
  const shareLinks = memoryShareLinks({ run, now, today: () => todayYmd(clock()), principal, views: () => savedViews, emailOf: (id) => (id ? emails.get(id) ?? null : null) });
  const webhooks = memoryWebhooks({ run, now, principal, ...(options.webhooks ? { webhooks: options.webhooks } : {}), ...(options.webhookDeliveries ? { deliveries: options.webhookDeliveries } : {}) });
  const inbox = memoryNotifications({ run, now, principal, items: structuredClone(options.notifications ?? []), ...(options.notificationPrefs ? { prefs: options.notificationPrefs } : {}) });
  const client: CadenceClient & { workingCalendar: CadenceAdminClient['workingCalendar']; webhooks: WebhooksApi } = {
    ...extras,
    webhooks,
    views,
    notifications: inbox.api,
    shareLinks,
    baselines: memoryBaselines({
      run, now, principal, campaigns, entries: () => log.entries(), emailOf: (id) => (id ? emails.get(id) ?? null : null),
      ...(options.baselines ? { baselines: options.baselines } : {}),
    }),
    tasks: taskStore.api,
    campaignComments: commentStore.api,
    templates: memoryTemplates({
      run, now, principal, templates: structuredClone(options.templates ?? []), campaigns, tasks: () => taskStore.all(), people: data, log,
      createCampaign: (body) => client.campaigns.create(body), createTask: (campaignId, body) => client.tasks.create(campaignId, body),
    }),
    approvals: approvals.api,
    planningRules: planning.api,
    workingCalendar,
    history: {
      list: (query = {}) => run('history.list', () => log.api.list(query), [query]),
      forRow: (resource, id, query = {}) => run('history.forRow', () => log.api.forRow(resource, id, query), [resource, id, query]),
      pages: async function* (query = {}) {
        let cursor: string | undefined;
        do {
          const page = await run('history.list', () => log.api.list({ ...query, ...(cursor ? { cursor } : {}) }), [query]);
          // As core's HTTP client: a full last page hands out a cursor to an empty one, never yielded.
          if (page.entries.length) yield page.entries;
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      },
      revert: (entryId, o) => run('history.revert', () => log.api.revert(entryId, o?.version, !!o?.dryRun) as never, [entryId, o]),
    },
    auth: {
      ...extras.auth,
      user: () =>
        run('auth.user', (): AuthUserResponse => ({
          user: { id: user.id, email: user.email, email_confirmed_at: null, created_at: now() },
          role: principal.role,
          permissions: principal.permissions.map((p) => ({ ...p })),
          principal: toWirePrincipal(principal),
          abilities: abilities(principal) as unknown as Record<string, unknown>,
        })),
    },
    campaigns: {
      list: (query = {}) =>
        run('campaigns.list', () => memoryCampaignList(readable(), query, listContext(query)), [query]),
      page: (query) => run('campaigns.page', () => memoryCampaignPage(readable(), query, listContext(query)), [query]),
      stats: (query = {}) => run('campaigns.stats', () => memoryCampaignStats(readable(), query, listContext(query)), [query]),
      importFile: (file, o) => importCampaigns(file, o),
      get: (id) => run('campaigns.get', () => structuredClone(find(id)), [id]),
      create: (body, o) =>
        run('campaigns.create', () => {
          const parsed = campaignCreateSchema.safeParse(body);
          if (!parsed.success) throw validation(parsed.error.issues);
          checkOwner(parsed.data.owner_id);
          const stamp = now();
          const row = normalizeScopedCampaign({
            ...parsed.data, description: parsed.data.description ?? null, end_date: parsed.data.end_date ?? null,
            owner: parsed.data.owner ?? null, owner_id: parsed.data.owner_id ?? null, primary_channel: parsed.data.primary_channel ?? null,
            summary: parsed.data.summary ?? null, goals: parsed.data.goals ?? null, project_leader: parsed.data.project_leader ?? null,
            id: memoryId(), version: 1, created_at: stamp, updated_at: stamp, created_by: user.id, task_summary: { ...EMPTY_TASK_SUMMARY },
          });
          if (!can(principal, 'create', 'campaign', row)) throw forbidden();
          approvals.gate(null, row);
          planning.gate(null, row as Campaign, o);
          (row as Campaign).approval_summary = approvals.summaryOf(row as Campaign);
          campaigns.unshift(row);
          log.record('campaigns', row.id, 'create', {});
          return structuredClone(row);
        }, [body]),
      update: (id, patch, o) =>
        run('campaigns.update', () => {
          const parsed = campaignUpdateSchema.safeParse(patch);
          if (!parsed.success) throw validation(parsed.error.issues);
          // Tasks' exact dates (an Undo's, docs/adr/0053) are the server's to write: memory does not re-plan.
          delete parsed.data.task_due_dates;
          const row = find(id);
          if (!can(principal, 'update', 'campaign', row)) throw forbidden();
          checkVersion(row, o?.version);
          if (!Object.keys(parsed.data).length) return structuredClone(row);
          if (parsed.data.owner_id !== row.owner_id) checkOwner(parsed.data.owner_id);
          // Judged on the merged row, before scope normalisation could pick a channel the caller did not name.
          const merged = { ...row, ...parsed.data };
          if (lacksPrimaryChannel(merged)) throw validation([{ path: ['primary_channel'], message: PRIMARY_CHANNEL_MESSAGE }]);
          approvals.gate(row, merged as Campaign);
          planning.gate(row, merged as Campaign, o);
          const next = normalizeScopedCampaign(merged);
          // A change of the approved fields moves the approval summary (docs/adr/0056).
          if (touchesApprovedFields(row, parsed.data)) next.approval_summary = approvals.summaryOf(next);
          return save(row, next, 'update', Object.keys(parsed.data));
        }, [id, patch, o && { version: o.version }]),
      remove: (id, o) =>
        run('campaigns.remove', () => removeCampaign(id, o?.version), [id, o]),
      promote: (id, o) =>
        run('campaigns.promote', () => {
          const row = find(id);
          if (!can(principal, 'promote', 'campaign', row)) throw forbidden();
          checkVersion(row, o?.version);
          if (row.scope === 'global') return structuredClone(row);
          return save(row, promote(row), 'promote', ['scope', 'primary_channel']);
        }, [id, o]),
    },
    dashboard: { virtual: (filter = {}) => run('dashboard.virtual', () => structuredClone(virtual.filter((v) => campaignMatchesFilter(v, filter, filterContext())))) },
  };

  const control: MemoryControl = {
    setLatency: (ms) => void (latency = ms),
    failNext: (op, error = serverError()) => void once.set(op, error),
    failAlways: (op, error = serverError()) => void always.set(op, error),
    clearFailures: () => {
      once.clear();
      always.clear();
    },
    editAsSomeoneElse: (id, patch, email = 'someone@cadence.demo') => {
      const row = campaigns.find((c) => c.id === id);
      if (!row) throw notFound();
      const before = structuredClone(row);
      Object.assign(row, patch, { version: row.version + 1, updated_at: now() });
      log.record('campaigns', id, 'update', { before, after: row, fields: Object.keys(patch), actor: { id: `other:${email}`, email } });
      return structuredClone(row);
    },
    history: () => log.entries(),
    calls,
    campaigns: () => structuredClone(campaigns),
    data: () => structuredClone(data),
    saveViewAs: (view, as = { id: 'other:editor@cadence.demo', email: 'editor@cadence.demo' }) => {
      if (!emails.has(as.id)) emails.set(as.id, as.email);
      const stamp = now();
      const row: SavedView = {
        id: memoryId(), dashboard: 'global', shared: true, created_at: stamp, updated_at: stamp, version: 1,
        ...view, created_by: as.id, created_by_email: as.email,
      };
      savedViews.push(row);
      return structuredClone(row);
    },
    views: () => structuredClone(savedViews),
    tasks: () => structuredClone(taskStore.all()),
    campaignComments: () => structuredClone(commentStore.all()),
    notify: (item) => inbox.deliver(item),
    notifications: () => inbox.all(),
    planningRules: () => planning.all(),
    addUser: (u, permissions = []) => {
      if (!data.users.some((x) => x.id === u.id)) data.users.push({ ...u });
      if (!emails.has(u.id)) emails.set(u.id, u.email);
      for (const r of permissions) {
        if (!data.permissions.some((x) => x.user_id === u.id && x.permission_type === r.permission_type && (x.channel ?? null) === (r.channel ?? null))) {
          data.permissions.push({ id: memoryId(), user_id: u.id, permission_type: r.permission_type, channel: r.channel ?? null, created_by: user.id, created_at: now() });
        }
      }
    },
  };
  const importCampaigns = memoryCampaignImport({
    campaigns: () => campaigns,
    create: (row) => client.campaigns.create(row),
    remove: (ids) => {
      const gone = new Set(ids);
      campaigns.splice(0, campaigns.length, ...campaigns.filter((c) => !gone.has(c.id)));
    },
  });
  const uploadAdTypeExample = (publicationId: string, file: Blob) =>
    run('storage.upload', () => {
      if (file.size > LIMITS.imageUploadBytes) throw new CadenceApiError(413, 'payload_too_large', MESSAGES.imageTooLarge);
      if (!file.type.startsWith('image/')) throw new CadenceApiError(415, 'unsupported_media_type', 'Only PNG, JPEG, GIF or WebP images');
      if (!data.publications.some((p) => p.id === publicationId)) throw notFound();
      const path = `${publicationId}/${Date.parse(now())}.${file.type.split('/')[1] ?? 'png'}`;
      return { path, public_url: `https://storage.cadence.test/ad-type-examples/${path}` };
    }, [publicationId, { size: file.size, type: file.type }]);
  return { ...client, control, uploadAdTypeExample };
}
