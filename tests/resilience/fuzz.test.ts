import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, rawCall, type Reply } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { fromSchema, malformed } from './arbitraries';
import { report } from './report';

// Requests generated from the API's own description (GET /api/openapi.json): valid, boundary
// and malformed bodies, queries and ids, from anonymous, low-privilege and admin callers and the
// admin's access keys of every kind (docs/architecture.md#access-keys), sent with every kind of
// Content-Type and with forged Host, Origin and X-Forwarded-Host headers.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ RATE_SIGNIN_PER_IP: '100000', RATE_SIGNUP_PER_IP: '100000', RATE_RESET_PER_IP: '100000' });
}, 120_000);
afterAll(async () => server?.stop());

/** JSON most of the time; otherwise what scripts and attackers send by mistake or on purpose. */
const CONTENT_TYPES = [
  'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'application/xml', 'text/plain',
  'text/csv', 'application/octet-stream', null,
] as const;
const FOREIGN_ORIGINS = ['http://evil.example', 'null', 'https://evil.example:8443'];

interface Op {
  method: string;
  path: string;
  schema?: any;
  query?: Record<string, any>;
  /** The request content types the route takes (its OpenAPI requestBody). */
  types: Record<string, unknown>;
  access: 'public' | 'user' | 'admin';
}

/** The admin's keys; what each must never be answered with a success (docs/architecture.md#access-keys). */
type KeyKind = 'read-only key' | 'channel key' | 'write key' | 'bound key' | 'stakeholder link';
/** Lists and rows a key bound to a view never reads: it reads campaigns (and what its view shows) alone. */
const NOT_CAMPAIGNS = /^\/api\/((ideas|comments|events|publications|ads|ad-types|articles|prospective-publications|tasks|templates|campaign-comments)(\/|$)|campaigns\/[^/]+\/(tasks|assignees|comments|mentionable|watch)$)/;

it(`should never answer 5xx, always name the field, and change nothing it refuses (seed ${SEED})`, async () => {
  process.stdout.write(`[resilience] fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})\n`);
  const api = apiClient(server.url);
  const admin = await api.signUpAndIn('admin@example.com');
  const low = await api.signUpAndIn('low@example.com');
  const doc = (await api.call('GET', '/api/openapi.json')).body;

  // Fixtures the fuzzer aims at: rows only the admin may write.
  const post = async (path: string, body: unknown) => (await api.call('POST', path, { token: admin.token, body })).body;
  const campaign = await post('/api/campaigns', { title: 'Fixture', planning_start_date: '2026-01-01', live_date: '2026-01-05', channels: ['email'], summary: 'Fixture brief' });
  const pub = await post('/api/publications', { name: 'Fixture Weekly' });
  const adType = await post(`/api/publications/${pub.id}/ad-types`, { ad_type: 'Banner' });
  const ad = await post('/api/ads', { publication_id: pub.id, ad_type_id: adType.id, due_date: '2026-01-01', live_date: '2026-01-02' });
  const idea = await post('/api/ideas', { title: 'Admin idea' });
  const event = await post('/api/events', { name: 'Expo', vertical: ['water'], audience: ['owners'], start_date: '2026-01-01', end_date: '2026-01-02', type: ['exhibit'] });
  const task = await post(`/api/campaigns/${campaign.id}/tasks`, { title: 'Fixture task', assignee_id: admin.userId, due_date: '2026-01-03' });
  // A comment on the campaign (docs/adr/0059) that mentions the admin.
  const campaignComment = await post(`/api/campaigns/${campaign.id}/comments`, { body: `Fixture comment @[admin](user:${admin.userId})` });
  // A template (docs/adr/0054) with a role, so apply and its refusals are reached.
  const template = await post('/api/templates', { name: 'Fixture template', planning_offset: 3, roles: ['Writer'], tasks: [{ title: 'Draft', offset: -2, role: 'Writer' }] });
  // A closed day of the working calendar (docs/adr/0052), whose path names it by date.
  const closedDay = (await post('/api/working-calendar/closed-days', { day: '2026-01-02', label: 'Fixture holiday' })).day as string;
  // A switched-off webhook endpoint (docs/adr/0058) and a delivery of its test ping, so the routes that take their ids are reached.
  const webhook = await post('/api/webhooks', { url: 'https://hooks.example.invalid/fuzz', events: ['*'], active: false });
  const delivery = await post(`/api/webhooks/${webhook.id}/test`, {});
  // A saved baseline (docs/adr/0063), so its rename and delete are reached.
  const baseline = await post('/api/baselines', { name: 'Fixture baseline', at: '2026-01-01T00:00:00Z' });
  // A planning rule (docs/adr/0062), a warning so the fuzzer's own writes are judged but not refused, so its replace and delete are reached.
  const rule = await post('/api/planning-rules', { kind: 'channel_load', channel: 'email', limit: 3, period: 'week', severity: 'warn' });
  if (!rule?.id) throw new Error(`fixture planning rule: ${JSON.stringify(rule)}`);
  // An inbox item (docs/adr/0060): a reader's, who was given a task by the admin; everyone else's 404.
  const reader = await api.signUpAndIn('reader@example.com');
  await api.call('POST', `/api/users/${reader.userId}/permissions`, { token: admin.token, body: { permission_type: 'global_view' } });
  await post(`/api/campaigns/${campaign.id}/tasks`, { title: 'For the reader', assignee_id: reader.userId });
  const inboxItem = (await api.call('GET', '/api/notifications', { token: reader.token })).body[0];
  if (!inboxItem?.id) throw new Error('fixture inbox item: none');
  const ids = [campaign.id, pub.id, adType.id, ad.id, idea.id, event.id, task.id, template.id, campaignComment.id, admin.userId, low.userId, closedDay, webhook.id, delivery.id, inboxItem.id, baseline.id, rule.id];
  const watched = ['/api/campaigns/' + campaign.id, '/api/publications/' + pub.id, '/api/ads/' + ad.id, '/api/ideas/' + idea.id, '/api/events/' + event.id, '/api/tasks/' + task.id, '/api/templates/' + template.id, '/api/campaign-comments/' + campaignComment.id];
  // Writes that may change a watched row legitimately: its own path, its parents' (cascades), and
  // any history revert ('1' is in the id pool, and entry 1 is the fixture campaign's creation).
  const causes: Record<string, string[]> = {
    ['/api/ads/' + ad.id]: ['/api/ads/' + ad.id, '/api/publications/' + pub.id, '/api/ad-types/' + adType.id],
    // A task's write moves its campaign's task summary (docs/adr/0049), and a task names its campaign.
    ['/api/campaigns/' + campaign.id]: ['/api/campaigns/' + campaign.id, '/api/tasks/'],
    ['/api/tasks/' + task.id]: ['/api/tasks/' + task.id, '/api/campaigns/' + campaign.id],
    // A comment names its campaign too.
    ['/api/campaign-comments/' + campaignComment.id]: ['/api/campaign-comments/' + campaignComment.id, '/api/campaigns/' + campaign.id],
  };
  const causesOf = (p: string) => [...(causes[p] ?? [p]), '/api/history/'];
  const before = await Promise.all(watched.map((p) => api.call('GET', p, { token: admin.token })));

  const view = await post('/api/views', { name: 'Email plan', query: 'channel=email', shared: true });
  const keyBodies: Record<Exclude<KeyKind, 'stakeholder link'>, object> = {
    'read-only key': { read_only: true },
    'channel key': { read_only: false, channels: ['email'] },
    'write key': { read_only: false },
    'bound key': { read_only: true, view_id: view.id },
  };
  const keys = new Map<string, KeyKind>();
  // A stakeholder link's credential (docs/adr/0061), opened signed out: a read-only key bound to the same view by the rules.
  const link = await post(`/api/views/${view.id}/share-links`, { expires_on: '2999-12-31' });
  const opened = (await api.call('POST', `/api/shared/${link.token}/open`, { body: {} })).body;
  if (!opened.credential) throw new Error(`fixture link: ${JSON.stringify(opened)}`);
  keys.set(opened.credential, 'stakeholder link');
  for (const [kind, body] of Object.entries(keyBodies) as Array<[Exclude<KeyKind, 'stakeholder link'>, object]>) {
    const created = await post('/api/access-keys', { name: kind, ...body });
    if (!created.secret) throw new Error(`fixture key ${kind}: ${JSON.stringify(created)}`);
    keys.set(created.secret, kind);
  }
  /** What a key's answer must never be: administration, a write by a read-only key, a non-campaign row for a bound key. */
  const keyBreach = (kind: KeyKind, op: Op, path: string, res: Reply): string | null => {
    if (op.access === 'public' || res.status >= 300) return null;
    if (op.access === 'admin') return 'administered';
    const bound = kind === 'bound key' || kind === 'stakeholder link';
    if ((kind === 'read-only key' || bound) && op.method !== 'GET') return 'wrote';
    // An empty list or history page reads nothing; a row, a non-empty list or a history entry does.
    // A count of none (My work's side bar count) reads nothing either.
    const nothing = (Array.isArray(res.body) && !res.body.length) || (Array.isArray(res.body?.entries) && !res.body.entries.length) || res.body?.count === 0;
    if (bound && NOT_CAMPAIGNS.test(path) && !nothing) return 'read beyond its view';
    // A link reads campaigns with only the ticked fields: none here ticks the brief.
    if (kind === 'stakeholder link' && JSON.stringify(res.body ?? '').includes('Fixture brief')) return 'showed a hidden field';
    return null;
  };

  const ops: Op[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      if (path === '/api/auth/signout') continue; // would end the fuzzer's own sessions
      const query = Object.fromEntries((op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema]));
      const types = op.requestBody?.content ?? {};
      ops.push({ method: method.toUpperCase(), path, schema: types['application/json']?.schema, query, types, access: op['x-cadence-access'] ?? 'user' });
    }
  }

  const who = fc.constantFrom<string | undefined>(undefined, low.token, admin.token, 'garbage.token.value', ...keys.keys());
  const id = fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.constantFrom('not-a-uuid', '../..', '%00', '1'));
  const request = fc.record({
    op: fc.constantFrom(...ops),
    token: who,
    id,
    kind: fc.constantFrom('valid', 'valid', 'malformed'),
    seed: fc.integer(),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    host: fc.constantFrom<string | undefined>(undefined, undefined, undefined, 'evil.example', 'evil.example:80'),
    forwardedHost: fc.constantFrom<string | undefined>(undefined, undefined, undefined, 'evil.example'),
    origin: fc.constantFrom<'none' | 'own' | 'foreign'>('none', 'none', 'none', 'own', 'foreign'),
  });
  const ownOrigin = new URL(server.url).origin;

  const samples = fc.sample(request, { numRuns: RUNS, seed: SEED });
  let fiveHundreds = 0;
  let badShape = 0;
  const failures: string[] = [];
  const accepted = new Set<string>();
  const statuses: Record<string, number> = {};
  const byContentType: Record<string, Record<string, number>> = {};
  let forged = 0;
  let keyBreaches = 0;
  let foreignOriginRefused = 0;
  let i = 0;
  const worker = async () => {
    while (i < samples.length) {
      const s = samples[i++]!;
      const path = s.op.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(s.id));
      const [body] = fc.sample(s.kind === 'valid' ? fromSchema(s.op.schema) : malformed(s.op.schema), { numRuns: 1, seed: s.seed });
      const [query] = fc.sample(fromSchema({ type: 'object', properties: s.op.query ?? {} }), { numRuns: 1, seed: s.seed + 1 });
      const qs = new URLSearchParams(Object.entries(query as object).map(([k, v]) => [k, String(v)])).toString();
      const sendsBody = s.op.method !== 'GET' && s.op.method !== 'DELETE';
      const headers: Record<string, string> = {};
      if (s.token) headers.Authorization = `Bearer ${s.token}`;
      if (sendsBody && s.contentType) headers['Content-Type'] = s.contentType;
      if (s.host) headers.Host = s.host;
      if (s.forwardedHost) headers['X-Forwarded-Host'] = s.forwardedHost;
      const foreignOrigin = s.origin === 'foreign' ? FOREIGN_ORIGINS[Math.abs(s.seed) % FOREIGN_ORIGINS.length]! : undefined;
      if (foreignOrigin) headers.Origin = foreignOrigin;
      if (s.origin === 'own') headers.Origin = ownOrigin;
      if (s.host || s.forwardedHost || foreignOrigin) forged++;
      const isJson = !!s.contentType?.startsWith('application/json');
      const payload = sendsBody ? Buffer.from(isJson ? JSON.stringify(body === undefined ? {} : body) : 'title=x&name=y&<a>b</a>') : undefined;
      let res: Reply;
      try {
        res = await rawCall(server.url, s.op.method, `${path}${qs ? `?${qs}` : ''}`, headers, payload);
      } catch (err) {
        failures.push(`${s.op.method} ${path}: ${(err as Error).message}`);
        continue;
      }
      statuses[String(res.status)] = (statuses[String(res.status)] ?? 0) + 1;
      if (sendsBody) {
        const ct = byContentType[s.contentType ?? 'none'] ??= {};
        ct[String(res.status)] = (ct[String(res.status)] ?? 0) + 1;
      }
      if (foreignOrigin) {
        // 431: an address too long to parse is refused before anything is read, the Origin included.
        if (res.status === 403 || res.status === 431) foreignOriginRefused++;
        else failures.push(`origin ${foreignOrigin} got ${res.status} on ${s.op.method} ${path}`);
      }
      const takes = Object.keys(s.op.types);
      const typeTaken = isJson ? takes.includes('application/json') : !!s.contentType && takes.includes(s.contentType.split(';')[0]!);
      if (sendsBody && takes.length && !typeTaken && res.status < 300) {
        failures.push(`accepted ${s.contentType ?? 'no Content-Type'} on ${s.op.method} ${path}: ${res.status}`);
      }
      if (res.status >= 500) {
        fiveHundreds++;
        failures.push(`${res.status} ${s.op.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`);
      } else if (res.status >= 400) {
        const e = res.body?.error;
        const shaped = e && typeof e.code === 'string' && typeof e.message === 'string';
        const named = res.status !== 400 || (Array.isArray(e?.details) && e.details.every((d: any) => typeof d.path === 'string' && d.path.length > 0));
        if (!shaped || !named) {
          badShape++;
          failures.push(`shape ${res.status} ${s.op.method} ${path}: ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      } else if (res.status < 300 && s.op.method !== 'GET') {
        accepted.add(path);
      }
      const kind = s.token ? keys.get(s.token) : undefined;
      const breach = kind && keyBreach(kind, s.op, path, res);
      if (breach) {
        keyBreaches++;
        failures.push(`${kind} ${breach}: ${res.status} ${s.op.method} ${path}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));

  const after = await Promise.all(watched.map((p) => api.call('GET', p, { token: admin.token })));
  const changedWithoutAcceptedWrite = watched.filter(
    (p, k) => ![...accepted].some((a) => causesOf(p).some((c) => a.startsWith(c))) && JSON.stringify(before[k]!.body) !== JSON.stringify(after[k]!.body),
  );
  if (changedWithoutAcceptedWrite.length) process.stdout.write(`[resilience] changed: ${JSON.stringify(changedWithoutAcceptedWrite.map((p) => [p, before[watched.indexOf(p)]!.body, after[watched.indexOf(p)]!.body]))}\n`);
  report('fuzz', {
    seed: SEED, requests: samples.length, five_hundreds: fiveHundreds, bad_error_shape: badShape, statuses,
    changed_without_accepted_write: changedWithoutAcceptedWrite.length,
    key_requests: samples.filter((x) => x.token && keys.has(x.token)).length, key_breaches: keyBreaches,
    forged_headers: forged, foreign_origin_refused: foreignOriginRefused, by_content_type: byContentType,
  });
  expect(failures.slice(0, 20)).toEqual([]);
  expect(changedWithoutAcceptedWrite).toEqual([]);
});
