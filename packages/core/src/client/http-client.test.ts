import { describe, expect, it, vi } from 'vitest';
import { CadenceApiError } from './errors';
import { createHttpClient } from './http-client';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch answering from a queue of responses (or errors), recording every request. */
function fakeFetch(answers: Array<Response | Error | (() => Promise<Response>)>) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: req.body ? await req.text() : undefined });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  return { fetch: fn as unknown as typeof fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('createHttpClient', () => {
  it('should send the token, the query and the JSON body to /api under the base URL', async () => {
    const { fetch, seen } = fakeFetch([json(200, []), json(201, { id: 'c1' })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test/base/', getToken: () => 'tok', fetch });
    await client.campaigns.list({ from: '2025-01-01', to: undefined, channel: 'email' });
    const row = await client.campaigns.create({ title: 'A', planning_start_date: '2025-01-01', live_date: '2025-01-02' });
    expect(row).toEqual({ id: 'c1' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: 'https://cadence.test/base/api/campaigns?from=2025-01-01&channel=email' });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen[1]).toMatchObject({ method: 'POST', url: 'https://cadence.test/base/api/campaigns' });
    expect(seen[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(seen[1]!.body))).toMatchObject({ title: 'A' });
    expect(seen[0]!.body).toBeUndefined();
  });

  it('should ask for a page with limit and cursor and hand back the next cursor from X-Next-Cursor', async () => {
    const { fetch, seen } = fakeFetch([json(200, [{ id: 'c1' }], { 'X-Next-Cursor': 'abc' }), json(200, [])]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', fetch });
    expect(await client.campaigns.page({ limit: 1, scope: 'global' })).toEqual({ items: [{ id: 'c1' }], nextCursor: 'abc' });
    expect(await client.campaigns.page({ limit: 1, cursor: 'abc' })).toEqual({ items: [], nextCursor: null });
    expect(seen.map((s) => s.url)).toEqual(['https://cadence.test/api/campaigns?limit=1&scope=global', 'https://cadence.test/api/campaigns?limit=1&cursor=abc']);
  });

  it('should ask for the stats with the given filters', async () => {
    const { fetch, seen } = fakeFetch([json(200, { total: 2 })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', fetch });
    expect(await client.campaigns.stats({ channel: 'email' })).toEqual({ total: 2 });
    expect(seen[0]!.url).toBe('https://cadence.test/api/campaigns/stats?channel=email');
  });

  it('should use the access key without a token, send If-Match, and return nothing for 204', async () => {
    const { fetch, seen } = fakeFetch([new Response(null, { status: 204 })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'key', fetch });
    await expect(client.campaigns.remove('a b', { version: 3 })).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: 'https://cadence.test/api/campaigns/a%20b' });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer key');
    expect(seen[0]!.headers.get('If-Match')).toBe('"3"');
  });

  it("should throw the server's error code, message, details and current row", async () => {
    const current = { id: 'c1', version: 4 };
    const { fetch } = fakeFetch([json(412, { error: { code: 'version_conflict', message: 'Changed', details: [{ path: 'title', message: 'x' }], current } })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch });
    const err = await client.campaigns.update('c1', { title: 'B' }, { version: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CadenceApiError);
    expect(err).toMatchObject({ status: 412, code: 'version_conflict', message: 'Changed', current });
    expect((err as CadenceApiError).fieldMessage('title')).toBe('x');
  });

  it('should call a non-JSON failure internal and keep its status', async () => {
    const { fetch } = fakeFetch([new Response('<html>bad gateway</html>', { status: 500 })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch });
    await expect(client.ideas.list()).rejects.toMatchObject({ status: 500, code: 'internal', message: 'Request failed with status 500' });
  });

  it('should retry a read twice on a transient status or a refused connection, and never a write', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, seen } = fakeFetch([json(503, {}), new TypeError('fetch failed'), json(200, [{ id: 'i1' }]), json(503, {})]);
      const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch });
      const read = client.ideas.list();
      await vi.runAllTimersAsync();
      await expect(read).resolves.toEqual([{ id: 'i1' }]);
      expect(seen).toHaveLength(3);
      const write = client.ideas.create({ title: 'x' } as never).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(await write).toMatchObject({ status: 503 });
      expect(seen).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("should wait for the server's Retry-After on 429 and give up after two retries", async () => {
    vi.useFakeTimers();
    try {
      const { fetch, seen } = fakeFetch([json(429, {}, { 'Retry-After': '2' }), json(429, {}, { 'Retry-After': '2' }), json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '2' })]);
      const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch });
      const read = client.events.list().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1999);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(2);
      await vi.runAllTimersAsync();
      expect(await read).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 2 });
      expect(seen).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should report a server that does not answer in time as a network error', async () => {
    const hang = (): Promise<Response> => new Promise(() => undefined);
    const fetch = vi.fn((req: Request) =>
      Promise.race([hang(), new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)))]),
    ) as unknown as typeof globalThis.fetch;
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch, timeoutMs: 50 });
    await expect(client.campaigns.list()).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('should send a CSV import as text with no timeout', async () => {
    const { fetch, seen } = fakeFetch([json(200, { created: 1 })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch, timeoutMs: 1 });
    await client.prospective.importFile('name\nA', { dryRun: true });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://cadence.test/api/prospective-publications/import?dry_run=1', body: 'name\nA' });
    expect(seen[0]!.headers.get('Content-Type')).toBe('text/csv');
  });

  it('should send a campaigns file to their import route, an .xlsx by its name as a workbook', async () => {
    const { fetch, seen } = fakeFetch([json(200, { rows: 1, imported: 1, skipped: [] }), json(200, { rows: 1, imported: 1, skipped: [] })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch, timeoutMs: 1 });
    await client.campaigns.importFile(new File(['PK'], 'plan.xlsx'), { dryRun: true });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://cadence.test/api/campaigns/import?dry_run=1' });
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await client.campaigns.importFile(new File(['title\nA'], 'plan.csv'), { skipExisting: true });
    expect(seen[1]).toMatchObject({ url: 'https://cadence.test/api/campaigns/import?skip_existing=1' });
    expect(seen[1]!.headers.get('Content-Type')).toBe('text/csv');
  });

  it('should upload any import kind’s file to its import route, with its content type', async () => {
    const { fetch, seen } = fakeFetch([json(200, { rows: 1, imported: 1, skipped: [] })]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch, timeoutMs: 1 });
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(await client.imports.upload('campaigns', new Blob(['PK']), { contentType: xlsx, skipExisting: true })).toEqual({ rows: 1, imported: 1, skipped: [] });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://cadence.test/api/campaigns/import?skip_existing=1' });
    expect(seen[0]!.headers.get('Content-Type')).toBe(xlsx);
  });

  it('should not wait for a Retry-After longer than an attempt may take, and throw the 429 at once', async () => {
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    const { fetch, seen } = fakeFetch([
      json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '120' }),
      json(503, { error: { code: 'unavailable', message: 'Down for maintenance' } }, { 'Retry-After': later }),
    ]);
    const client = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', fetch, timeoutMs: 30_000 });
    expect(await client.events.list().catch((e: unknown) => e)).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
    expect(await client.events.list().catch((e: unknown) => e)).toMatchObject({ status: 503, code: 'unavailable' });
    expect(seen).toHaveLength(2);
  });

  it("should hand the caller's own getToken error back as it is, without retrying", async () => {
    const { fetch, seen } = fakeFetch([]);
    class SessionEnded extends Error {}
    const client = createHttpClient({ apiUrl: 'https://cadence.test', fetch, getToken: () => Promise.reject(new SessionEnded('sign in again')) });
    expect(await client.ideas.list().catch((e: unknown) => e)).toBeInstanceOf(SessionEnded);
    expect(seen).toHaveLength(0);
  });
});

describe('createHttpClient session renewal', () => {
  const unauthorized = () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue' } });

  it('should renew a refused session token once and send the request again with the new one, body included', async () => {
    let token = 'old';
    const { fetch, seen } = fakeFetch([unauthorized(), json(201, { id: 'c1' })]);
    const refreshToken = vi.fn(async () => (token = 'new'));
    const client = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => token, refreshToken, fetch });
    expect(await client.campaigns.create({ title: 'A', planning_start_date: '2025-01-01', live_date: '2025-01-02' })).toEqual({ id: 'c1' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => [s.method, s.headers.get('Authorization')])).toEqual([
      ['POST', 'Bearer old'],
      ['POST', 'Bearer new'],
    ]);
    expect(JSON.parse(String(seen[1]!.body))).toMatchObject({ title: 'A' });
  });

  it('should renew once for requests refused together, and not again for one sent after', async () => {
    let token = 't0';
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const refreshToken = vi.fn(async () => {
      await released;
      return (token = 't1');
    });
    const fetch = vi.fn(async (req: Request) => (req.headers.get('Authorization') === 'Bearer t1' ? json(200, [req.url]) : unauthorized())) as unknown as typeof globalThis.fetch;
    const client = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => token, refreshToken, fetch });
    const both = Promise.all([client.ideas.list(), client.events.list()]);
    await vi.waitFor(() => expect(refreshToken).toHaveBeenCalledTimes(1));
    release();
    expect(await both).toEqual([['https://cadence.test/api/ideas'], ['https://cadence.test/api/events']]);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('should throw a second 401 as it is, and leave access keys and anonymous calls alone', async () => {
    const refreshToken = vi.fn(async () => 'new');
    const { fetch, seen } = fakeFetch([unauthorized(), unauthorized(), unauthorized(), unauthorized()]);
    const session = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => 'old', refreshToken, fetch });
    expect(await session.ideas.list().catch((e: unknown) => e)).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    const keyed = createHttpClient({ apiUrl: 'https://cadence.test', accessKey: 'k', refreshToken, fetch });
    expect(await keyed.ideas.list().catch((e: unknown) => e)).toMatchObject({ status: 401 });
    const anonymous = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => null, refreshToken, fetch });
    expect(await anonymous.auth.signIn('a@example.com', 'x').catch((e: unknown) => e)).toMatchObject({ status: 401 });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(4);
  });

  it("should keep the 401 when the session cannot be renewed, and hand back refreshToken's own error", async () => {
    const { fetch, seen } = fakeFetch([unauthorized(), unauthorized()]);
    const none = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => 'old', refreshToken: async () => null, fetch });
    expect(await none.ideas.list().catch((e: unknown) => e)).toMatchObject({ status: 401, code: 'unauthorized' });
    class SessionEnded extends Error {}
    const ended = createHttpClient({ apiUrl: 'https://cadence.test', getToken: () => 'old', refreshToken: () => Promise.reject(new SessionEnded('x')), fetch });
    expect(await ended.ideas.list().catch((e: unknown) => e)).toBeInstanceOf(SessionEnded);
    expect(seen).toHaveLength(2);
  });
});
