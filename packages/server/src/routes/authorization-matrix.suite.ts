import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteTable } from '../http/route';
import { startTestServer, type TestServer } from '../test/harness';
import { auditedRequests, auditingMount, requestsWithoutCan } from '../test/policy-audit';
import {
  CAMPAIGNS,
  CASES,
  expectedEntries,
  PRINCIPALS,
  randomPrincipals,
  PUBLIC_ROUTES,
  SELF_ROUTES,
  X,
  Y,
  type Cell,
  type CampaignTarget,
  type Fixtures,
  type Outcome,
  type ViewTarget,
  VIEW_TARGETS,
  type Who,
} from './authorization-matrix.cases';
import { registerDataRoutes } from './index';

/**
 * Every registered route × every principal × every target row, against docs/architecture.md#rules.
 * The expected outcomes come from the oracle in authorization-matrix.cases.ts.
 *
 * The routes are dealt to SHARDS test files (authorization-matrix-<n>.test.ts), each with a server
 * and fixtures of its own, so the matrix's minutes spread over the test workers instead of one
 * (docs/adr/0066). Each file must replace core's `can()` with countingCan (policy-audit.ts) itself:
 * vi.mock applies only in a test file.
 */
export const SHARDS = 2;

/**
 * The cases dealt to `shards` files, a resource's routes together (a case may rely on what an
 * earlier case of its resource left, such as the permissions a grant made before they are
 * revoked), each resource to the shard with the fewest cases so far, in the cases' order.
 */
export function dealCases<T extends { route: string }>(cases: readonly T[], shards: number): T[][] {
  const resourceOf = (route: string) => route.split(' ')[1]?.split('/')[2] ?? '';
  const byResource = new Map<string, T[]>();
  for (const c of cases) byResource.set(resourceOf(c.route), [...(byResource.get(resourceOf(c.route)) ?? []), c]);
  const dealt: T[][] = Array.from({ length: shards }, () => []);
  for (const group of byResource.values()) {
    const smallest = dealt.reduce((min, s, i) => (s.length < dealt[min]!.length ? i : min), 0);
    dealt[smallest]!.push(...group);
  }
  return dealt;
}

interface Session {
  token: string;
  userId: string;
  email: string;
  /** An access key: it has no second session to end, so sign-out is sent with the key itself. */
  isKey?: boolean;
}

/** The matrix's cases dealt to shard `shard` (0-based) of SHARDS; the first also checks coverage and the bound key. */
export function authorizationMatrix(shard: number): void {
  const mine = dealCases(CASES, SHARDS)[shard]!;
  // Checks made once, by the first shard (left out of the others rather than shown as skipped there).
  const inFirstShard = (name: string, body: () => void) => {
    if (shard === 0) describe(name, body);
  };
  const PASSWORD = 'matrix password';
  // Besides the fixed principals, random permission sets (AUTHZ_SEED replays a run).
  const AUTHZ_SEED = Number(process.env.AUTHZ_SEED ?? Date.now() % 1_000_000);
  const RANDOM = randomPrincipals(AUTHZ_SEED, Number(process.env.AUTHZ_RANDOM_PRINCIPALS ?? 6));
  const ALL = [...PRINCIPALS, ...RANDOM];

  let t: TestServer;
  let admin: Session;
  /** An administrator who authors the fixture rows that belong to "another user". */
  let author: Session;
  /** A user who is no principal and authors nothing: the target of user-admin routes. */
  let bystander: Session;
  /** Rows every principal shares: the idea comments hang on, and a publication with an ad type. */
  let anchor: { idea: string; publication: string; adType: string; assignees: Record<CampaignTarget, string> };
  const sessions = new Map<string, Session>();
  const fixtures = new Map<string, Fixtures>();
  let serial = 0;
  let cells = 0;
  /** The routes whose cells ran (all of them, unless a -t filter picked some). */
  const ranRoutes = new Set<string>();
  const unique = () => `m${++serial}`;

  async function signUp(email: string): Promise<Session> {
    const s = await t.signUpAndIn(email, PASSWORD);
    return { token: s.token, userId: s.userId, email };
  }

  /** Creates a row as the author; fails loudly, since a broken fixture is not an authorization result. */
  async function post(path: string, body: unknown): Promise<string> {
    const res = await t.api('POST', path, { token: author.token, body });
    if (res.status !== 201) throw new Error(`fixture POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  }

  /** Hands a row to its new author, for "own" rows of principals who may not create them. */
  async function attribute(table: string, id: string, userId: string): Promise<string> {
    await t.services.db(table).where({ id }).update({ created_by: userId });
    return id;
  }

  function factories(ownerId: string): Cell['fresh'] {
    return {
      async campaign(target: CampaignTarget) {
        const c = CAMPAIGNS[target];
        const id = await post('/api/campaigns', {
          title: `Campaign ${unique()}`,
          planning_start_date: '2030-01-05',
          live_date: '2030-02-01',
          scope: c.scope,
          channels: c.channels,
          ...(c.primary_channel ? { primary_channel: c.primary_channel } : {}),
        });
        return c.own ? attribute('campaigns', id, ownerId) : id;
      },
      async idea(own) {
        const id = await post('/api/ideas', { title: `Idea ${unique()}` });
        return own ? attribute('ideas', id, ownerId) : id;
      },
      async comment(own) {
        const id = await post(`/api/ideas/${anchor.idea}/comments`, { comment: `Comment ${unique()}` });
        return own ? attribute('ideas_comments', id, ownerId) : id;
      },
      publication: () => post('/api/publications', { name: `Publication ${unique()}` }),
      adType: () => post(`/api/publications/${anchor.publication}/ad-types`, { ad_type: `Type ${unique()}` }),
      ad: () => post('/api/ads', { publication_id: anchor.publication, ad_type_id: anchor.adType, due_date: '2030-03-01', live_date: '2030-03-15', status: 'live' }),
      prospective: () => post('/api/prospective-publications', { name: `Prospect ${unique()}` }),
      article: () => post('/api/articles', { title: `Article ${unique()}`, due_date: '2030-03-01', live_date: '2030-03-20' }),
      event: () =>
        post('/api/events', { name: `Event ${unique()}`, vertical: ['water'], audience: ['owners'], start_date: '2030-04-01', end_date: '2030-04-02', type: ['exhibit'] }),
      template: () => post('/api/templates', { name: `Template ${unique()}`, defaults: { channels: [X] }, planning_offset: 5, tasks: [{ title: 'Draft', offset: -2 }] }),
      task: (campaignId) => post(`/api/campaigns/${campaignId}/tasks`, { title: `Task ${unique()}`, due_date: '2030-01-15' }),
      async campaignComment(campaignId, own) {
        const id = await post(`/api/campaigns/${campaignId}/comments`, { body: `Comment ${unique()}` });
        return own ? attribute('campaign_comments', id, ownerId) : id;
      },
      accessKey: () => post('/api/access-keys', { name: `Key ${unique()}`, read_only: true }),
      planningRule: () => post('/api/planning-rules', { kind: 'owner_load', limit: 9_999, severity: 'warn' }),
      webhook: () => post('/api/webhooks', { url: `https://hooks.example.invalid/${unique()}`, events: ['task.done'], active: false }),
      async closedDay(day: string) {
        const res = await t.api('POST', '/api/working-calendar/closed-days', { token: author.token, body: { day, label: `Closed ${unique()}` } });
        if (res.status !== 201) throw new Error(`closed day: ${res.status} ${JSON.stringify(res.body)}`);
        return day;
      },
      ssoMapping: () => post('/api/sso/mappings', { claim: 'groups', value: `matrix-${unique()}`, grant: 'global_view' }),
      async view(target: ViewTarget) {
        const shared = target.startsWith('shared');
        const id = await post('/api/views', { name: `View ${unique()}`, dashboard: target === `shared on ${Y}` ? Y : 'global', query: 'status=live', shared });
        return target === 'own personal' ? attribute('saved_views', id, ownerId) : id;
      },
      async shareLink(own: boolean) {
        const view = await post('/api/views', { name: `Linked ${unique()}`, query: 'status=live', shared: true });
        const id = await post(`/api/views/${view}/share-links`, { expires_on: '2999-12-31' });
        return own ? attribute('share_links', id, ownerId) : id;
      },
      async baseline(own: boolean) {
        const id = await post('/api/baselines', { name: `Baseline ${unique()}`, at: '2026-01-05T09:00:00Z' });
        return own ? attribute('baselines', id, ownerId) : id;
      },
      async deletedView() {
        const id = await post('/api/views', { name: `View ${unique()}`, query: 'status=live', shared: true });
        const res = await t.api('DELETE', `/api/views/${id}`, { token: author.token });
        if (res.status !== 204) throw new Error(`fixture DELETE view: ${res.status}`);
        return id;
      },
      async deleteEntry(kind) {
        const id = kind === 'idea' ? await factories(ownerId).idea(false) : await factories(ownerId).comment(false);
        const res = await t.api('DELETE', `/api/${kind === 'idea' ? 'ideas' : 'comments'}/${id}`, { token: author.token });
        if (res.status !== 204) throw new Error(`fixture DELETE ${kind}: ${res.status}`);
        const entry = await t.services.db('history_entries').where({ row_id: id, action: 'delete' }).first('id');
        return String(entry!.id);
      },
      async updateEntry(kind) {
        if (kind === 'task') {
          const campaign = await factories(ownerId).campaign("another user's global on x");
          const id = await factories(ownerId).task(campaign);
          const res = await t.api('PATCH', `/api/tasks/${id}`, { token: author.token, body: { title: `Edited ${unique()}` } });
          if (res.status !== 200) throw new Error(`fixture PATCH task: ${res.status}`);
          const entry = await t.services.db('history_entries').where({ row_id: id, action: 'update' }).first('id');
          return String(entry!.id);
        }
        const [path, body] =
          kind === 'publication' ? ['publications', { notes: `edited ${unique()}` }] : kind === 'idea' ? ['ideas', { description: `edited ${unique()}` }] : ['campaigns', { title: `Edited ${unique()}` }];
        const id = kind === 'publication' ? await factories(ownerId).publication() : kind === 'idea' ? await factories(ownerId).idea(false) : await factories(ownerId).campaign(kind);
        const res = await t.api('PATCH', `/api/${path}/${id}`, { token: author.token, body });
        if (res.status !== 200) throw new Error(`fixture PATCH ${path}: ${res.status}`);
        const entry = await t.services.db('history_entries').where({ row_id: id, action: 'update' }).first('id');
        return String(entry!.id);
      },
    };
  }

  /** An inbox item for `userId`, written as the server writes them (docs/adr/0060). */
  async function inboxItem(userId: string): Promise<string> {
    const [row] = await t.services.db('notifications').insert({ user_id: userId, kind: 'task_assigned', data: JSON.stringify({ campaign_title: 'Matrix', task_title: 'Fixture' }) }).returning('id');
    return String(row.id);
  }

  async function buildFixtures(ownerId: string): Promise<Fixtures> {
    const f = factories(ownerId);
    const campaign = {} as Record<CampaignTarget, string>;
    for (const target of Object.keys(CAMPAIGNS) as CampaignTarget[]) campaign[target] = await f.campaign(target);
    const task = {} as Record<CampaignTarget, string>;
    const ownTask = {} as Record<CampaignTarget, string>;
    for (const target of Object.keys(CAMPAIGNS) as CampaignTarget[]) {
      task[target] = await f.task(campaign[target]);
      await t.services.db('tasks').where({ id: task[target] }).update({ assignee_id: anchor.assignees[target] });
      // Assigned to the principal whatever they may read (it may have been, before the campaign moved): the rule decides.
      ownTask[target] = await f.task(campaign[target]);
      await t.services.db('tasks').where({ id: ownTask[target] }).update({ assignee_id: ownerId });
    }
    const campaignComment = {} as Record<CampaignTarget, string>;
    for (const target of Object.keys(CAMPAIGNS) as CampaignTarget[]) campaignComment[target] = await f.campaignComment(campaign[target], false);
    return {
      campaign,
      task,
      ownTask,
      campaignComment,
      assignee: anchor.assignees,
      idea: { own: await f.idea(true), other: await f.idea(false) },
      comment: { own: await f.comment(true), other: await f.comment(false) },
      publication: anchor.publication,
      adType: anchor.adType,
      liveAd: await f.ad(),
      draftAd: await post('/api/ads', { publication_id: anchor.publication, ad_type_id: anchor.adType, due_date: '2030-05-01', live_date: '2030-05-15' }),
      prospective: await f.prospective(),
      article: await f.article(),
      event: await f.event(),
      template: await f.template(),
      view: Object.fromEntries(await Promise.all(VIEW_TARGETS.map(async (v) => [v, await f.view(v)] as const))) as Record<ViewTarget, string>,
      ...(await webhookFixtures(f)),
      notification: { own: await inboxItem(ownerId), other: await inboxItem(bystander.userId) },
    };
  }

  /** A switched-off endpoint and a delivery of its test ping. */
  async function webhookFixtures(f: Cell['fresh']): Promise<{ webhook: string; webhookDelivery: string }> {
    const webhook = await f.webhook();
    return { webhook, webhookDelivery: await post(`/api/webhooks/${webhook}/test`, {}) };
  }

  /** An access key of the administrator's with the principal's limits, used as a session is. */
  async function keyOf(w: Who): Promise<Session> {
    const via = w.via!;
    let view_id: string | undefined;
    if (via.bound) {
      const view = await t.api('POST', '/api/views', { token: admin.token, body: { name: `Bound ${unique()}`, query: `channel=${X}`, shared: true } });
      if (view.status !== 201) throw new Error(`fixture view for a bound key: ${view.status}`);
      view_id = view.body.id;
    }
    if (via.link) {
      // A stakeholder link's credential: the administrator shares the view, and the link is opened signed out.
      const link = await t.api('POST', `/api/views/${view_id}/share-links`, { token: admin.token, body: { expires_on: '2999-12-31' } });
      const opened = await t.api('POST', `/api/shared/${link.body.token}/open`, { body: {} });
      if (opened.status !== 200) throw new Error(`fixture link ${w.key}: ${link.status} ${opened.status} ${JSON.stringify(opened.body)}`);
      return { token: opened.body.credential, userId: admin.userId, email: admin.email, isKey: true };
    }
    const res = await t.api('POST', '/api/access-keys', {
      token: admin.token,
      body: { name: w.key, read_only: via.readOnly, ...(via.channels ? { channels: via.channels } : {}), ...(view_id ? { view_id } : {}) },
    });
    if (res.status !== 201) throw new Error(`fixture key ${w.key}: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.secret, userId: admin.userId, email: admin.email, isKey: true };
  }

  function grantsOf(w: Who): Array<[string, string?]> {
    return [
      ...(w.globalView ? [['global_view'] as [string]] : []),
      ...(w.globalCreate ? [['global_create'] as [string]] : []),
      ...w.channelView.map((c): [string, string] => ['channel_view', c]),
      ...w.channelCreate.map((c): [string, string] => ['channel_create', c]),
    ];
  }

  function cellFor(w: Who): Cell {
    const session = w.anonymous ? undefined : sessions.get(w.key);
    const fx = fixtures.get(w.key);
    if (!fx || (!w.anonymous && !session)) throw new Error(`no set-up for ${w.key}`);
    return {
      who: w,
      selfId: session?.userId ?? bystander.userId,
      bystanderId: bystander.userId,
      fx,
      fresh: factories(session?.userId ?? bystander.userId),
      async extraSession() {
        if (!session) return undefined;
        if (session.isKey) return session.token;
        const res = await t.api('POST', '/api/auth/signin', { body: { email: session.email, password: PASSWORD } });
        if (res.status !== 200) throw new Error(`second sign-in failed: ${res.status}`);
        return res.body.access_token as string;
      },
      call: (method, path, o = {}) => t.api(method, path, { body: o.body, raw: o.raw, headers: o.headers, token: o.token ?? session?.token }),
      unique,
    };
  }

  beforeAll(async () => {
    const following = auditingMount(RouteTable.prototype.mount);
    vi.spyOn(RouteTable.prototype, 'mount').mockImplementation(following);
    t = await startTestServer();
    admin = await signUp('admin@matrix.test'); // the first account: the administrator
    author = await signUp('author@matrix.test');
    const role = await t.api('PUT', `/api/users/${author.userId}/role`, { token: admin.token, body: { role: 'admin' } });
    if (role.status !== 200) throw new Error(`could not make the author an admin: ${role.status}`);
    bystander = await signUp('bystander@matrix.test');
    const publication = await post('/api/publications', { name: 'Anchor Weekly' });
    anchor = {
      idea: await post('/api/ideas', { title: 'Anchor idea' }),
      publication,
      adType: await post(`/api/publications/${publication}/ad-types`, { ad_type: 'Anchor banner' }),
      assignees: {} as Record<CampaignTarget, string>,
    };
    // One assignee per campaign target, so whom a principal sees assigned shows which tasks they read.
    for (const [i, target] of (Object.keys(CAMPAIGNS) as CampaignTarget[]).entries()) anchor.assignees[target] = (await signUp(`assignee${i}@matrix.test`)).userId;
    console.info(`authorization matrix: random principals from AUTHZ_SEED=${AUTHZ_SEED}`);
    for (const [i, w] of ALL.entries()) {
      if (w.anonymous) continue;
      if (w.via) {
        sessions.set(w.key, await keyOf(w));
        continue;
      }
      const s = w.admin ? admin : await signUp(`principal${i}@matrix.test`);
      await t.grant(admin.token, s.userId, ...grantsOf(w));
      sessions.set(w.key, s);
    }
    for (const w of ALL) fixtures.set(w.key, await buildFixtures(sessions.get(w.key)?.userId ?? bystander.userId));
  });

  afterAll(async () => {
    console.info(`authorization matrix, shard ${shard + 1} of ${SHARDS}: ${cells} cells over ${mine.length + (shard === 0 ? PUBLIC_ROUTES.length : 0)} routes and ${ALL.length} principals (seed ${AUTHZ_SEED})`);
    await t?.close();
  });

  inFirstShard('coverage', () => {
    it('should have a matrix entry for every route registered in the RouteTable, and no stale ones', () => {
      const table = new RouteTable();
      registerDataRoutes(t.services, table);
      const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
      const registered = table.routes.map(key);
      const covered = [...CASES.map((c) => c.route), ...PUBLIC_ROUTES];
      expect(registered.filter((r) => !covered.includes(r))).toEqual([]);
      expect(covered.filter((r) => !registered.includes(r))).toEqual([]);
      expect(new Set(covered).size).toBe(covered.length);
      // Every case runs in exactly one shard.
      expect(dealCases(CASES, SHARDS).flat().map((c) => c.route).sort()).toEqual(CASES.map((c) => c.route).sort());
      // Only the listed exemptions may skip sign-in.
      expect(table.routes.filter((r) => r.access === 'public').map(key).sort()).toEqual([...PUBLIC_ROUTES].sort());
    });

    it('should let anonymous callers use the public routes without a 401', async () => {
      const creds = { email: 'newcomer@matrix.test', password: PASSWORD };
      const up = await t.api('POST', '/api/auth/signup', { body: creds });
      const inn = await t.api('POST', '/api/auth/signin', { body: creds });
      const refreshed = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: inn.body.refresh_token } });
      expect({ signup: up.status, signin: inn.status, refresh: refreshed.status }).toEqual({ signup: 201, signin: 200, refresh: 200 });
      // The token-carrying routes answer on the token's merit, never with a 401.
      const reset = await t.api('POST', '/api/functions/send-password-reset', { body: { email: creds.email, appUrl: t.url } });
      const update = await t.api('POST', '/api/functions/update-password', { body: { token: 'not-a-token', newPassword: 'secret1' } });
      const confirm = await fetch(`${t.url}/api/auth/confirm?token=not-a-token`, { redirect: 'manual' });
      expect({ reset: reset.status, update: update.status, confirm: confirm.status }).toEqual({ reset: 200, update: 400, confirm: 302 });
      // Single sign-on's public routes (not set up here): they answer, say there is no sign-in to start, redirect to the sign-in page, or refuse the code.
      const providers = await t.api('GET', '/api/auth/providers');
      const start = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
      const callback = await fetch(`${t.url}/api/auth/sso/callback?state=x&code=y`, { redirect: 'manual' });
      const exchange = await t.api('POST', '/api/auth/sso/exchange', { body: { code: 'not-a-code' } });
      expect({ providers: providers.status, start: start.status, callback: callback.status, exchange: exchange.status }).toEqual({
        providers: 200, start: 404, callback: 302, exchange: 400,
      });
      expect(callback.headers.get('location')).toBe(`${t.services.site.url}/auth#sso_error=sso_disabled`);
      // An e-mail's unsubscribe link (docs/adr/0060): a token that is not one is refused on its merit.
      const unsubscribePage = await t.api('GET', '/api/notifications/unsubscribe?token=not-a-token');
      const unsubscribe = await t.api('POST', '/api/notifications/unsubscribe?token=not-a-token', { raw: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect({ page: unsubscribePage.status, post: unsubscribe.status }).toEqual({ page: 400, post: 400 });
      // A stakeholder link opens signed out; one that does not exist is a 404, not a 401.
      expect((await t.api('POST', `/api/shared/cad_link_${'x'.repeat(43)}/open`, { body: {} })).status).toBe(404);
      cells += 13;
    });
  });

  // Plain loops rather than describe.each/it.each, whose $-interpolation truncates long names.
  for (const rc of mine) {
    describe(rc.route, () => {
      for (const w of ALL) {
        it(`should answer ${w.key} as docs/architecture.md#rules says (x = ${X}, y = ${Y})`, async () => {
          const cell = cellFor(w);
          const expected: Record<string, Outcome> = {};
          const got: Record<string, Outcome> = {};
          // Every write that happened left exactly one history entry by its caller; a refused one none (docs/adr/0028).
          const expectedLog: Record<string, number> = {};
          const gotLog: Record<string, number> = {};
          const userId = sessions.get(w.key)?.userId;
          const logged = async () => (userId ? Number((await t.services.db('history_entries').where({ actor_id: userId }).count('* as n').first())!.n) : 0);
          ranRoutes.add(rc.route);
          for (const target of rc.targets) {
            expected[target] = w.anonymous ? 401 : rc.expected(w, target);
            const before = await logged();
            got[target] = await rc.run(cell, target);
            gotLog[target] = (await logged()) - before;
            expectedLog[target] = expectedEntries(rc.route, target, got[target]);
            cells++;
          }
          expect(got).toEqual(expected);
          expect(gotLog).toEqual(expectedLog);
        });
      }
    });
  }

  // A read-only key bound to a shared saved view of channel x (docs/adr/0032), read from docs/adr/0036: it
  // "never returns rows outside it". Keys are an administrator's, so its creator reads everything: the view alone narrows.
  inFirstShard('a key bound to a saved view', () => {
    const inView = (target: CampaignTarget) => CAMPAIGNS[target].channels.includes(X);
    it(`should read only the campaigns of its view (channel ${X}) on every campaign path, and no saved view`, async () => {
      const fx = fixtures.get('admin')!;
      const view = await post('/api/views', { name: `Bound ${unique()}`, query: `channel=${X}`, shared: true });
      const key = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: `Bound ${unique()}`, read_only: true, view_id: view } });
      expect(key.status).toBe(201);
      const as = (path: string) => t.api('GET', path, { token: key.body.secret });
      const listed = new Set(((await as('/api/campaigns')).body as Array<{ id: string }>).map((c) => c.id));
      const feed = await (await fetch(`${t.url}/api/calendar.ics?key=${encodeURIComponent(key.body.secret)}`)).text();
      const expected: Record<string, unknown> = {};
      const got: Record<string, unknown> = {};
      for (const target of Object.keys(CAMPAIGNS) as CampaignTarget[]) {
        const id = fx.campaign[target];
        expected[target] = { list: inView(target), one: inView(target) ? 200 : 404, ics: inView(target) };
        got[target] = { list: listed.has(id), one: (await as(`/api/campaigns/${id}`)).status, ics: feed.includes(id) };
        cells += 3;
      }
      expect(got).toEqual(expected);
      for (const path of ['/api/views', '/api/views/counts', `/api/views/${view}`]) expect((await as(path)).status, path).toBe(403);
      expect((await t.api('POST', '/api/views', { token: key.body.secret, body: { name: 'k', query: '' } })).status).toBe(403);
    });
  });

  describe('one policy surface (docs/adr/0017)', () => {
    it('should have asked core can() in every signed-in request that reached a route handler', (ctx) => {
      if (ranRoutes.size === 0) ctx.skip(); // a -t filter left out every matrix cell
      const reached = new Set(auditedRequests().filter((a) => a.reachedHandler).map((a) => a.route));
      // Each route whose cells ran got past validation into its handler, so none passes by never running.
      expect([...ranRoutes].filter((r) => !reached.has(r))).toEqual([]);
      expect([...new Set(requestsWithoutCan(SELF_ROUTES).map((a) => a.route))]).toEqual([]);
      // The exemptions are signed-in routes that exist.
      expect(SELF_ROUTES.filter((r) => !CASES.some((c) => c.route === r))).toEqual([]);
    });
  });
}
