import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { Channel } from '../channels';
import type { PermissionType, Role } from '../constants';
import { CadenceApiError } from './errors';
import type { BulkOptions, CadenceAdminClient, Crud, WriteOptions } from './types';

export interface HttpClientOptions {
  /** Base URL of the server, e.g. `https://cadence.example.com` (the client adds `/api`). */
  apiUrl: string;
  /** Returns the current access token (a session) — called before every request. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** A long-lived access key (embeds, scripts); used when there is no token. */
  accessKey?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Query = Record<string, string | number | boolean | undefined | null>;

const searchParams = (query?: object): Record<string, string> | undefined => {
  if (!query) return undefined;
  const entries = Object.entries(query as Query).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
};

const bulkParams = (o: BulkOptions) => searchParams({ dry_run: o.dryRun ? 1 : undefined, skip_existing: o.skipExisting ? 1 : undefined });

const ifMatch = (options?: WriteOptions): Record<string, string> =>
  options?.version !== undefined ? { 'If-Match': `"${options.version}"` } : {};

async function toApiError(err: unknown): Promise<never> {
  if (err instanceof HTTPError) {
    let body: { error?: { code?: string; message?: string; details?: []; current?: unknown } } = {};
    try {
      body = await err.response.json();
    } catch {
      // Not JSON: a proxy or an old server answered.
    }
    const e = body.error ?? {};
    const retry = Number(err.response.headers.get('Retry-After'));
    throw new CadenceApiError(
      err.response.status,
      (e.code as CadenceApiError['code']) ?? 'internal',
      e.message ?? `Request failed with status ${err.response.status}`,
      e.details ?? [],
      e.current,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  if (err instanceof CadenceApiError) throw err;
  throw new CadenceApiError(0, 'network_error', 'Could not reach the Cadence server. Check your connection and try again.');
}

/** The typed HTTP client for the Cadence API (DESIGN §4). */
export function createHttpClient(options: HttpClientOptions): CadenceAdminClient {
  const api: KyInstance = ky.create({
    prefixUrl: `${options.apiUrl.replace(/\/+$/, '')}/api`,
    timeout: options.timeoutMs ?? 30_000,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 502, 503, 504] },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request) => {
          const token = (await options.getToken?.()) ?? options.accessKey;
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  const call = async <T>(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, init: Options = {}): Promise<T> => {
    try {
      const res = await api(path, { method, ...init });
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    } catch (err) {
      return toApiError(err);
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

  const adTypeCrud = crud<any, any, any, any>('ad-types');
  const prospectiveCrud = crud<any, any, any, any>('prospective-publications');

  return {
    auth: {
      signUp: (email, password) => call('post', 'auth/signup', { json: { email, password } }),
      signIn: (email, password) => call('post', 'auth/signin', { json: { email, password } }),
      refresh: (refresh_token) => call('post', 'auth/refresh', { json: { refresh_token } }),
      signOut: () => call('post', 'auth/signout'),
      user: () => call('get', 'auth/user'),
      sendPasswordReset: (email, appUrl) => call('post', 'functions/send-password-reset', { json: { email, appUrl } }),
      updatePassword: (token, newPassword) => call('post', 'functions/update-password', { json: { token, newPassword } }),
    },
    campaigns: {
      ...crud('campaigns'),
      promote: (id, o) => call('post', `campaigns/${encodeURIComponent(id)}/promote`, { headers: ifMatch(o) }),
      bulk: (rows, o = {}) => call('post', 'campaigns/bulk', { json: { rows }, searchParams: bulkParams(o) }),
    },
    dashboard: { virtual: () => call('get', 'dashboard/virtual') },
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
      importCsv: (csv, o = {}) =>
        call('post', 'prospective-publications/import', {
          body: csv,
          headers: { 'Content-Type': 'text/csv' },
          searchParams: bulkParams(o),
          timeout: false,
        }),
    },
    articles: crud('articles'),
    events: { ...crud('events'), bulk: (rows, o = {}) => call('post', 'events/bulk', { json: { rows }, searchParams: bulkParams(o) }) },
    accessKeys: {
      list: () => call('get', 'access-keys'),
      create: (body) => call('post', 'access-keys', { json: body }),
      revoke: (id) => call('delete', `access-keys/${encodeURIComponent(id)}`),
    },
    users: {
      list: async () => (await call<{ users: Array<{ id: string; email: string }> }>('get', 'functions/list-users')).users,
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
