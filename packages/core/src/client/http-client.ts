import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { Channel } from '../channels';
import type { PermissionType, Role } from '../constants';
import type { Campaign } from '../schemas/campaign';
import type { HistoryPage } from '../schemas/history';
import type { Task } from '../schemas/tasks';
import type { WebhookDelivery } from '../schemas/webhooks';
import type { Notification } from '../schemas/notifications';
import type { ReplanReport } from '../rules/replan';
import { CadenceApiError } from './errors';
import type { RuleViolation } from '../rules/planning-rules';
import type { BulkOptions, CadenceAdminClient, CadenceClient, Crud, RuleWarningOptions, WriteOptions } from './types';

export interface HttpClientOptions {
  /** Base URL of the server, e.g. `https://cadence.example.com` (the client adds `/api`). */
  apiUrl: string;
  /** Returns the current access token (a session) — called before every request (a retry keeps the token it was sent with). */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Renews the session after the server refused `getToken`'s token (401) and gives the new
   * access token (nothing: the session cannot be renewed, the 401 stands). The refused request
   * is then sent once more with it; 401s that arrive together share one renewal (a refresh
   * token works once, docs/adr/0003). An error it throws reaches the caller as it is.
   */
  refreshToken?: () => Promise<string | null | undefined>;
  /** A long-lived access key (embeds, scripts); used when there is no token. */
  accessKey?: string;
  /** The `fetch` to send with (tests, instrumentation); default the global one at the time of each request. */
  fetch?: typeof fetch;
  /** Milliseconds each attempt may take (default 30 s); an attempt that runs out is not tried again. */
  timeoutMs?: number;
}

type Query = Record<string, string | number | boolean | undefined | null>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const searchParams = (query?: object): Record<string, string> | undefined => {
  if (!query) return undefined;
  const entries = Object.entries(query as Query).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
};

const bulkParams = (o: BulkOptions) => searchParams({ dry_run: o.dryRun ? 1 : undefined, skip_existing: o.skipExisting ? 1 : undefined });

const ifMatch = (options?: WriteOptions): Record<string, string> =>
  options?.version !== undefined ? { 'If-Match': `"${options.version}"` } : {};

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

interface CallInit {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  searchParams?: Record<string, string> | undefined;
  /** Milliseconds per attempt; `false`: none (large imports). */
  timeout?: number | false;
  /** The body as text (a CSV) rather than JSON. */
  text?: boolean;
  /** Sees the headers of the successful answer (e.g. a list page's X-Next-Cursor). */
  onHeaders?: (headers: Headers) => void;
}

/** Reads (GETs) answered with one of these, or not reached at all, are tried again twice (ky: after 0.3 s then 0.6 s, or the server's Retry-After on 429/503). */
/** The header a write's planning-rule warnings come back in (docs/adr/0062): JSON, ASCII-escaped. */
export const RULE_WARNINGS_HEADER = 'X-Rule-Warnings';

/** Hands a write's rule warnings to `onWarnings`, when the answer has some. */
function ruleWarnings(h: Headers, o: RuleWarningOptions | undefined): void {
  const raw = h.get(RULE_WARNINGS_HEADER);
  if (raw && o?.onWarnings) o.onWarnings(JSON.parse(raw) as RuleViolation[]);
}

const RETRY_STATUSES = [408, 429, 502, 503, 504];
const RETRY_LIMIT = 2;
const NETWORK_MESSAGE = 'Could not reach the Cadence server. Check your connection and try again.';

/** Milliseconds a Retry-After header asks to wait (seconds or an HTTP date); NaN without one. */
function retryAfterMs(res: Response): number {
  const header = res.headers.get('Retry-After');
  if (!header) return NaN;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
}

/** An error of the caller's own `getToken` or `refreshToken`: never retried, and thrown to the caller as it is. */
class CallerError extends Error {
  constructor(readonly original: unknown) {
    super('getToken or refreshToken failed');
  }
}

const ofCaller = async <T>(f: () => T | Promise<T>): Promise<T> => {
  try {
    return await f();
  } catch (err) {
    throw new CallerError(err);
  }
};

/** A non-2xx answer as the client's error: the server's code, message, details and (412) current row. */
async function apiErrorOf(res: Response): Promise<CadenceApiError> {
  let body: { error?: { code?: string; message?: string; details?: []; current?: unknown } } = {};
  try {
    body = await res.json();
  } catch {
    // Not JSON: a proxy or an old server answered.
  }
  const e = body.error ?? {};
  const retry = Number(res.headers.get('Retry-After'));
  return new CadenceApiError(
    res.status,
    (e.code as CadenceApiError['code']) ?? 'internal',
    e.message ?? `Request failed with status ${res.status}`,
    e.details ?? [],
    e.current,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

/** What a call failed with, as callers see it: a `CadenceApiError`, or the caller's own error. */
async function clientErrorOf(err: unknown): Promise<unknown> {
  if (err instanceof CallerError) return err.original;
  if (err instanceof CadenceApiError) return err;
  if (err instanceof HTTPError) return apiErrorOf(err.response);
  // A refused connection, a timeout (ky's TimeoutError), an answer cut short.
  return new CadenceApiError(0, 'network_error', NETWORK_MESSAGE);
}

/** Per call: whether its token came from `getToken` (a session that can be renewed), and whether it was renewed. */
interface CallContext extends Record<string, unknown> {
  session?: boolean;
  renewed?: boolean;
}

/**
 * The typed HTTP client for the Cadence API (docs/architecture.md#api), on ky (docs/adr/0039):
 * a bearer token (or access key) on every request, a timeout per attempt, reads retried on
 * transient failures honouring `Retry-After`, a refused session token renewed once
 * (`refreshToken`), and every failure thrown as a `CadenceApiError` (status 0 `network_error`
 * when the server could not be reached or did not answer in time).
 */
export function createHttpClient(options: HttpClientOptions): CadenceAdminClient {
  const timeout = options.timeoutMs ?? 30_000;
  const { refreshToken } = options;
  let renewal: Promise<string | null | undefined> | null = null;
  /** One renewal at a time: the requests refused meanwhile wait for it. */
  const renew = () =>
    (renewal ??= ofCaller(refreshToken!).finally(() => {
      renewal = null;
    }));

  const api: KyInstance = ky.create({
    prefixUrl: `${options.apiUrl.replace(/\/+$/, '')}/api`,
    timeout,
    retry: {
      limit: RETRY_LIMIT,
      methods: ['get'],
      statusCodes: RETRY_STATUSES,
      // A Retry-After longer than an attempt may take is not waited for: the 429/503 is thrown with
      // retryAfterSeconds. (The rate-limit headers ky also reads are capped at that wait.)
      shouldRetry: ({ error }) => {
        if (error instanceof CallerError) return false;
        return error instanceof HTTPError && retryAfterMs(error.response) > timeout ? false : undefined;
      },
      maxRetryAfter: timeout,
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request, { context }, { retryCount }) => {
          // A retry is a copy of the request sent, its Authorization included (a renewed one, after a 401).
          if (retryCount > 0 && request.headers.has('Authorization')) return;
          const session = await ofCaller(() => options.getToken?.());
          const token = session ?? options.accessKey;
          (context as CallContext).session = !!session;
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: refreshToken
        ? [
            async (request, { context }, response, { retryCount }) => {
              const call = context as CallContext;
              if (response.status !== 401 || !call.session || call.renewed || retryCount >= RETRY_LIMIT) return;
              call.renewed = true;
              // Another request may have renewed the session since this one was sent.
              const current = await ofCaller(() => options.getToken?.());
              const token = current && `Bearer ${current}` !== request.headers.get('Authorization') ? current : await renew();
              if (!token) return;
              const headers = new Headers(request.headers);
              headers.set('Authorization', `Bearer ${token}`);
              return ky.retry({ request: new Request(request, { headers }), delay: 0 });
            },
          ]
        : [],
    },
  });

  const call = async <T>(method: Method, path: string, init: CallInit = {}): Promise<T> => {
    const { onHeaders, timeout: callTimeout, text, ...rest } = init;
    const kyOptions: Options = { method, ...rest, context: {}, ...(callTimeout !== undefined ? { timeout: callTimeout } : {}) };
    let res: Response;
    try {
      res = await api(path, kyOptions);
    } catch (err) {
      throw await clientErrorOf(err);
    }
    onHeaders?.(res.headers);
    if (res.status === 204) return undefined as T;
    try {
      return (text ? await res.text() : await res.json()) as T;
    } catch {
      throw new CadenceApiError(0, 'network_error', NETWORK_MESSAGE);
    }
  };

  function crud<Row, Create, Update, Q>(path: string): Crud<Row, Create, Update, Q> {
    return {
      list: (query) => call('get', path, { searchParams: searchParams(query as object) }),
      get: (id) => call('get', `${path}/${encodeURIComponent(id)}`),
      create: (body) => call('post', path, { json: body }),
      update: (id, patch, o) => call('patch', `${path}/${encodeURIComponent(id)}`, { json: patch, headers: ifMatch(o) }),
      remove: (id, o) => call('delete', `${path}/${encodeURIComponent(id)}`, { headers: ifMatch(o) }),
    };
  }

  const permissionQuery = (permission_type: PermissionType, channel?: Channel | null) =>
    searchParams({ permission_type, channel: channel ?? undefined });

  /** What an upload is, by its type or else its name (a browser may give an .xlsx no type). */
  const uploadType = (file: Blob | string): string =>
    typeof file !== 'string' && (file.type === XLSX_TYPE || /\.xlsx$/i.test((file as File).name ?? '')) ? XLSX_TYPE : 'text/csv';
  const adTypeCrud = crud<any, any, any, any>('ad-types');
  const prospectiveCrud = crud<any, any, any, any>('prospective-publications');
  /** Every import kind is one route taking the file as its body, streamed (no timeout: a large file takes a while). */
  const upload: CadenceAdminClient['imports']['upload'] = (kind, file, o = {}) =>
    call('post', `${kind}/import`, {
      body: file as BodyInit,
      headers: { 'Content-Type': o.contentType ?? 'text/csv' },
      searchParams: bulkParams(o),
      timeout: false,
    });

  const historyList: CadenceClient['history']['list'] = (query) => call<HistoryPage>('get', 'history', { searchParams: searchParams(query) });
  const viewCrud = crud<any, any, any, any>('views');
  const templateCrud = crud<any, any, any, any>('templates');
  return {
    templates: {
      ...templateCrud,
      apply: (id, body) => call('post', `templates/${encodeURIComponent(id)}/apply`, { json: body }),
      fromCampaign: (body) => call('post', 'templates/from-campaign', { json: body }),
    },
    views: {
      list: () => call('get', 'views'),
      get: viewCrud.get,
      create: viewCrud.create,
      update: viewCrud.update,
      remove: viewCrud.remove,
      restore: (id) => call('post', `views/${encodeURIComponent(id)}/restore`),
      counts: () => call('get', 'views/counts'),
    },
    baselines: {
      list: () => call('get', 'baselines'),
      create: (body) => call('post', 'baselines', { json: body }),
      update: (id, body) => call('patch', `baselines/${encodeURIComponent(id)}`, { json: body }),
      remove: (id) => call('delete', `baselines/${encodeURIComponent(id)}`),
      compare: (query) => call('get', 'campaigns/compare', { searchParams: searchParams(query) }),
    },
    shareLinks: {
      list: (o = {}) => call('get', 'share-links', { searchParams: searchParams({ all: o.all ? 1 : undefined }) }),
      forView: (viewId, o = {}) => call('get', `views/${encodeURIComponent(viewId)}/share-links`, { searchParams: searchParams({ all: o.all ? 1 : undefined }) }),
      create: (viewId, body) => call('post', `views/${encodeURIComponent(viewId)}/share-links`, { json: body }),
      update: (id, patch) => call('patch', `share-links/${encodeURIComponent(id)}`, { json: patch }),
      revoke: (id) => call('delete', `share-links/${encodeURIComponent(id)}`),
      open: (token, body = {}) => call('post', `shared/${encodeURIComponent(token)}/open`, { json: body }),
    },
    history: {
      list: historyList,
      forRow: (resource, id, query) => call('get', `${resource}/${encodeURIComponent(id)}/history`, { searchParams: searchParams(query) }),
      pages: async function* (query = {}) {
        let cursor: string | undefined;
        do {
          const page: HistoryPage = await historyList({ ...query, ...(cursor ? { cursor } : {}) });
          if (page.entries.length) yield page.entries;
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
      },
      revert: (entryId, o) =>
        call('post', `history/${encodeURIComponent(entryId)}/revert`, { headers: ifMatch(o), searchParams: searchParams({ dry_run: o?.dryRun ? 1 : undefined }) }),
    },
    auth: {
      signUp: (email, password) => call('post', 'auth/signup', { json: { email, password } }),
      signIn: (email, password) => call('post', 'auth/signin', { json: { email, password } }),
      refresh: (refresh_token) => call('post', 'auth/refresh', { json: { refresh_token } }),
      signOut: () => call('post', 'auth/signout'),
      user: () => call('get', 'auth/user'),
      sendPasswordReset: (email, appUrl) => call('post', 'functions/send-password-reset', { json: { email, appUrl } }),
      updatePassword: (token, newPassword) => call('post', 'functions/update-password', { json: { token, newPassword } }),
      providers: () => call('get', 'auth/providers'),
      exchangeSsoCode: (code, code_verifier) => call('post', 'auth/sso/exchange', { json: code_verifier ? { code, code_verifier } : { code } }),
    },
    campaigns: {
      ...crud('campaigns'),
      create: (body, o) => call('post', 'campaigns', { json: body, onHeaders: (h) => ruleWarnings(h, o) }),
      update: (id, patch, o) =>
        call('patch', `campaigns/${encodeURIComponent(id)}`, {
          json: patch,
          headers: ifMatch(o),
          onHeaders: (h) => {
            const replan = h.get('X-Replan');
            if (replan && o?.onReplan) o.onReplan(JSON.parse(replan) as ReplanReport);
            ruleWarnings(h, o);
          },
        }),
      promote: (id, o) => call('post', `campaigns/${encodeURIComponent(id)}/promote`, { headers: ifMatch(o) }),
      page: async (query) => {
        let nextCursor: string | null = null;
        const items = await call<Campaign[]>('get', 'campaigns', {
          searchParams: searchParams(query),
          onHeaders: (h) => void (nextCursor = h.get('X-Next-Cursor')),
        });
        return { items, nextCursor };
      },
      stats: (query) => call('get', 'campaigns/stats', { searchParams: searchParams(query) }),
      importFile: (file, o = {}) => upload('campaigns', file, { ...o, contentType: uploadType(file) }),
    },
    dashboard: { virtual: (filter) => call('get', 'dashboard/virtual', { searchParams: searchParams(filter) }) },
    notifications: {
      page: async (query = {}) => {
        let nextCursor: string | null = null;
        const items = await call<Notification[]>('get', 'notifications', { searchParams: searchParams(query), onHeaders: (h) => void (nextCursor = h.get('X-Next-Cursor')) });
        return { items, nextCursor };
      },
      unreadCount: () => call('get', 'notifications/unread-count'),
      markRead: (id) => call('post', `notifications/${encodeURIComponent(id)}/read`),
      markAllRead: () => call('post', 'notifications/read-all'),
      prefs: () => call('get', 'notification-preferences'),
      setPrefs: (change) => call('put', 'notification-preferences', { json: change }),
    },
    approvals: {
      rules: () => call('get', 'approval-rules'),
      setRule: (channel, rule) => call('put', `approval-rules/${encodeURIComponent(channel)}`, { json: rule }),
      of: (id) => call('get', `campaigns/${encodeURIComponent(id)}/approvals`),
      request: (id, comment) => call('post', `campaigns/${encodeURIComponent(id)}/review-requests`, { json: comment ? { comment } : {} }),
      decide: (id, decision) => call('post', `campaigns/${encodeURIComponent(id)}/review-decisions`, { json: decision }),
      goLive: (id, o) =>
        call('post', `campaigns/${encodeURIComponent(id)}/go-live`, {
          json: o?.overrideReason ? { override_reason: o.overrideReason } : {},
          headers: ifMatch(o),
          onHeaders: (h) => ruleWarnings(h, o),
        }),
    },
    tasks: {
      list: (campaignId) => call('get', `campaigns/${encodeURIComponent(campaignId)}/tasks`),
      mine: (query) => call('get', 'tasks', { searchParams: searchParams(query) }),
      minePage: async (query) => {
        let nextCursor: string | null = null;
        const items = await call<Task[]>('get', 'tasks', { searchParams: searchParams(query), onHeaders: (h) => void (nextCursor = h.get('X-Next-Cursor')) });
        return { items, nextCursor };
      },
      counts: (query) => call('get', 'tasks/counts', { searchParams: searchParams(query) }),
      get: (id) => call('get', `tasks/${encodeURIComponent(id)}`),
      create: (campaignId, body) => call('post', `campaigns/${encodeURIComponent(campaignId)}/tasks`, { json: body }),
      update: (id, patch, o) => call('patch', `tasks/${encodeURIComponent(id)}`, { json: patch, headers: ifMatch(o) }),
      remove: (id, o) => call('delete', `tasks/${encodeURIComponent(id)}`, { headers: ifMatch(o) }),
      assignees: (campaignId) => call('get', `campaigns/${encodeURIComponent(campaignId)}/assignees`),
      seenAssignees: () => call('get', 'tasks/assignees'),
    },
    campaignComments: {
      list: (campaignId) => call('get', `campaigns/${encodeURIComponent(campaignId)}/comments`),
      get: (id) => call('get', `campaign-comments/${encodeURIComponent(id)}`),
      create: (campaignId, body) => call('post', `campaigns/${encodeURIComponent(campaignId)}/comments`, { json: body }),
      update: (id, patch, o) => call('patch', `campaign-comments/${encodeURIComponent(id)}`, { json: patch, headers: ifMatch(o) }),
      remove: (id, o) => call('delete', `campaign-comments/${encodeURIComponent(id)}`, { headers: ifMatch(o) }),
      mentionable: (campaignId, query) => call('get', `campaigns/${encodeURIComponent(campaignId)}/mentionable`, { searchParams: searchParams(query) }),
      watch: (campaignId) => call('get', `campaigns/${encodeURIComponent(campaignId)}/watch`),
      setWatching: (campaignId, watching) => call('put', `campaigns/${encodeURIComponent(campaignId)}/watch`, { json: { watching } }),
    },
    ideas: crud('ideas'),
    comments: {
      listAll: (query) => call('get', 'comments', { searchParams: searchParams(query) }),
      list: (ideaId) => call('get', `ideas/${encodeURIComponent(ideaId)}/comments`),
      create: (ideaId, body) => call('post', `ideas/${encodeURIComponent(ideaId)}/comments`, { json: body }),
      remove: (id, o) => call('delete', `comments/${encodeURIComponent(id)}`, { headers: ifMatch(o) }),
    },
    publications: crud('publications'),
    adTypes: {
      get: adTypeCrud.get,
      update: adTypeCrud.update,
      remove: adTypeCrud.remove,
      list: (publicationId) =>
        call('get', publicationId ? `publications/${encodeURIComponent(publicationId)}/ad-types` : 'ad-types'),
      create: (publicationId, body) => call('post', `publications/${encodeURIComponent(publicationId)}/ad-types`, { json: body }),
    },
    ads: crud('ads'),
    prospective: {
      list: prospectiveCrud.list,
      get: prospectiveCrud.get,
      update: prospectiveCrud.update,
      remove: prospectiveCrud.remove,
      create: (body) => call('post', 'prospective-publications', { json: body }),
      createMany: (rows) => call('post', 'prospective-publications', { json: { rows } }),
      importFile: (file, o = {}) => upload('prospective-publications', file, { ...o, contentType: uploadType(file) }),
    },
    articles: crud('articles'),
    events: crud('events'),
    imports: { upload },
    accessKeys: {
      list: () => call('get', 'access-keys'),
      create: (body) => call('post', 'access-keys', { json: body }),
      revoke: (id) => call('delete', `access-keys/${encodeURIComponent(id)}`),
    },
    planningRules: {
      list: () => call('get', 'planning-rules'),
      create: (body) => call('post', 'planning-rules', { json: body }),
      update: (id, body, o) => call('put', `planning-rules/${encodeURIComponent(id)}`, { json: body, headers: ifMatch(o) }),
      remove: (id, o) => call('delete', `planning-rules/${encodeURIComponent(id)}`, { headers: ifMatch(o) }),
      replaceAll: (rules) => call('post', 'planning-rules/import', { json: { rules } }),
      conflicts: (range) => call('get', 'conflicts', { searchParams: searchParams(range) }),
      conflictsCsv: (range) => call('get', 'conflicts', { searchParams: searchParams({ ...range, format: 'csv' }), text: true }),
    },
    workingCalendar: {
      get: (range) => call('get', 'working-calendar', { searchParams: searchParams(range) }),
      setWeekend: (weekend) => call('put', 'working-calendar/weekend', { json: { weekend } }),
      close: (body) => call('post', 'working-calendar/closed-days', { json: body }),
      reopen: (day) => call('delete', `working-calendar/closed-days/${encodeURIComponent(day)}`),
      importIcs: (ics, kind) => call('post', 'working-calendar/import', { json: kind ? { ics, kind } : { ics } }),
    },
    webhooks: {
      list: () => call('get', 'webhooks'),
      get: (id) => call('get', `webhooks/${encodeURIComponent(id)}`),
      create: (body) => call('post', 'webhooks', { json: body }),
      update: (id, body) => call('patch', `webhooks/${encodeURIComponent(id)}`, { json: body }),
      remove: (id) => call('delete', `webhooks/${encodeURIComponent(id)}`),
      rotateSecret: (id) => call('post', `webhooks/${encodeURIComponent(id)}/rotate-secret`),
      test: (id) => call('post', `webhooks/${encodeURIComponent(id)}/test`),
      deliveries: async (id, query = {}) => {
        let nextCursor: string | null = null;
        const items = await call<WebhookDelivery[]>('get', `webhooks/${encodeURIComponent(id)}/deliveries`, {
          searchParams: searchParams(query),
          onHeaders: (h) => void (nextCursor = h.get('X-Next-Cursor')),
        });
        return { items, nextCursor };
      },
      redeliver: (deliveryId) => call('post', `webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
    },
    ssoMappings: {
      list: () => call('get', 'sso/mappings'),
      create: (body) => call('post', 'sso/mappings', { json: body }),
      remove: (id) => call('delete', `sso/mappings/${encodeURIComponent(id)}`),
    },
    users: {
      list: async () => (await call<{ users: Array<{ id: string; email: string; admin?: boolean }> }>('get', 'functions/list-users')).users,
      permissions: (userId) => call('get', `users/${encodeURIComponent(userId)}/permissions`),
      grant: (userId, permission_type, channel) =>
        call('post', `users/${encodeURIComponent(userId)}/permissions`, {
          json: channel ? { permission_type, channel } : { permission_type },
        }),
      revoke: (userId, permissionType, channel) =>
        call('delete', `users/${encodeURIComponent(userId)}/permissions`, { searchParams: permissionQuery(permissionType, channel) }),
      role: (userId) => call('get', `users/${encodeURIComponent(userId)}/role`),
      setRole: (userId, role: Role | null) => call('put', `users/${encodeURIComponent(userId)}/role`, { json: { role } }),
    },
  };
}
