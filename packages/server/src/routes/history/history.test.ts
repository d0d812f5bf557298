import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_REFRESHES } from '@cadence/core';
import { startTestServer, type TestServer } from '../../test/harness';
import { subscribedSocket } from '../../test/socket';

let t: TestServer;
let admin: { token: string; userId: string };
let editor: { token: string; userId: string };
let outsider: { token: string; userId: string };

/** Every entry of one row, oldest first, straight from the table (what the API must agree with). */
const stored = async (rowId: string) =>
  (await t.services.db('history_entries').where({ row_id: rowId }).orderBy('id')).map((e) => ({ ...e, id: String(e.id), reverts: e.reverts === null ? null : String(e.reverts) }));
const count = async () => Number((await t.services.db('history_entries').count('* as n').first())!.n);
const pub = () => t.api('POST', '/api/publications', { token: admin.token, body: { name: `Weekly ${Math.random()}` } }).then((r) => r.body.id as string);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@history.test');
  editor = await t.signUpAndIn('editor@history.test');
  await t.grant(admin.token, editor.userId, ['channel_view', 'email'], ['channel_create', 'email'], ['global_view'], ['global_create'], ['channel_view', 'industry-publications'], ['channel_create', 'industry-publications'], ['channel_view', 'events'], ['channel_create', 'events']);
  outsider = await t.signUpAndIn('outsider@history.test');
  await t.grant(admin.token, outsider.userId, ['channel_view', 'seo']);
});
afterAll(async () => t?.close());

/** One standard resource: how to make a row, a change, and what that change must record. */
interface Case {
  name: string;
  resource: string;
  create(): Promise<{ id: string; path: string }>;
  patch?: { body: Record<string, unknown>; field: string; before: unknown; after: unknown };
}

const CASES: Case[] = [
  {
    name: 'campaign', resource: 'campaigns',
    create: async () => {
      const r = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Spring', planning_start_date: '2030-01-01', live_date: '2030-03-04', scope: 'global', channels: ['email'] } });
      return { id: r.body.id, path: `/api/campaigns/${r.body.id}` };
    },
    patch: { body: { live_date: '2030-03-11' }, field: 'live_date', before: '2030-03-04', after: '2030-03-11' },
  },
  {
    name: 'idea', resource: 'ideas',
    create: async () => {
      const r = await t.api('POST', '/api/ideas', { token: editor.token, body: { title: 'Webinar' } });
      return { id: r.body.id, path: `/api/ideas/${r.body.id}` };
    },
    patch: { body: { title: 'Webinar series' }, field: 'title', before: 'Webinar', after: 'Webinar series' },
  },
  {
    name: 'idea comment', resource: 'comments',
    create: async () => {
      const idea = await t.api('POST', '/api/ideas', { token: editor.token, body: { title: 'Host' } });
      const r = await t.api('POST', `/api/ideas/${idea.body.id}/comments`, { token: editor.token, body: { comment: 'Yes' } });
      return { id: r.body.id, path: `/api/comments/${r.body.id}` };
    },
  },
  {
    name: 'publication', resource: 'publications',
    create: async () => {
      const r = await t.api('POST', '/api/publications', { token: editor.token, body: { name: 'Water Weekly' } });
      return { id: r.body.id, path: `/api/publications/${r.body.id}` };
    },
    patch: { body: { name: 'Water Monthly' }, field: 'name', before: 'Water Weekly', after: 'Water Monthly' },
  },
  {
    name: 'ad type', resource: 'ad-types',
    create: async () => {
      const r = await t.api('POST', `/api/publications/${await pub()}/ad-types`, { token: editor.token, body: { ad_type: 'Banner', cost: 100 } });
      return { id: r.body.id, path: `/api/ad-types/${r.body.id}` };
    },
    patch: { body: { cost: 250.5 }, field: 'cost', before: 100, after: 250.5 },
  },
  {
    name: 'ad (a status change)', resource: 'ads',
    create: async () => {
      const p = await pub();
      const type = await t.api('POST', `/api/publications/${p}/ad-types`, { token: admin.token, body: { ad_type: 'Banner' } });
      const r = await t.api('POST', '/api/ads', { token: editor.token, body: { publication_id: p, ad_type_id: type.body.id, due_date: '2030-03-01', live_date: '2030-03-15' } });
      return { id: r.body.id, path: `/api/ads/${r.body.id}` };
    },
    patch: { body: { status: 'live' }, field: 'status', before: 'new', after: 'live' },
  },
  {
    name: 'prospective publication', resource: 'prospective-publications',
    create: async () => {
      const r = await t.api('POST', '/api/prospective-publications', { token: editor.token, body: { name: 'Pipe News' } });
      return { id: r.body.id, path: `/api/prospective-publications/${r.body.id}` };
    },
    patch: { body: { region: 'EU' }, field: 'region', before: null, after: 'EU' },
  },
  {
    name: 'article', resource: 'articles',
    create: async () => {
      const r = await t.api('POST', '/api/articles', { token: editor.token, body: { title: 'Story', due_date: '2030-03-01', live_date: '2030-03-20' } });
      return { id: r.body.id, path: `/api/articles/${r.body.id}` };
    },
    patch: { body: { live_date: '2030-04-01' }, field: 'live_date', before: '2030-03-20', after: '2030-04-01' },
  },
  {
    name: 'event', resource: 'events',
    create: async () => {
      const r = await t.api('POST', '/api/events', { token: editor.token, body: { name: 'Expo', vertical: ['water'], audience: ['owners'], start_date: '2030-04-01', end_date: '2030-04-02', type: ['exhibit'] } });
      return { id: r.body.id, path: `/api/events/${r.body.id}` };
    },
    patch: { body: { end_date: '2030-04-03' }, field: 'end_date', before: '2030-04-02', after: '2030-04-03' },
  },
];

describe('every write leaves exactly one entry', () => {
  for (const c of CASES) {
    it(`should record a ${c.name}'s create, update and delete with who, the request and the values`, async () => {
      const before = await count();
      const { id, path } = await c.create();
      expect(id).toBeTruthy();
      const created = await stored(id);
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ resource: c.resource, action: 'create', actor_id: editor.userId, key_id: null, changes: null });
      expect(created[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
      if (c.patch) {
        const res = await t.api('PATCH', path, { token: editor.token, body: c.patch.body, headers: { 'If-Match': '"1"', 'X-Request-Id': `req-${c.resource}` } });
        expect(res.status).toBe(200);
        const entries = await stored(id);
        expect(entries).toHaveLength(2);
        expect(entries[1]).toMatchObject({ action: 'update', request_id: `req-${c.resource}`, changes: { [c.patch.field]: { before: c.patch.before, after: c.patch.after } } });
        expect(Object.keys(entries[1].changes)).toEqual([c.patch.field]);
      }
      const current = await t.api('GET', path, { token: editor.token });
      expect((await t.api('DELETE', path, { token: editor.token })).status).toBe(204);
      const entries = await stored(id);
      const gone = entries.at(-1);
      expect(gone).toMatchObject({ action: 'delete', actor_id: editor.userId, changes: null });
      expect(gone.row).toMatchObject({ id, version: current.body.version });
      // create + update + delete, and nothing else anywhere (a comment's idea and an ad's publication are the fixture's).
      const extra = c.resource === 'comments' ? 1 : c.resource === 'ad-types' ? 1 : c.resource === 'ads' ? 2 : 0;
      expect(await count()).toBe(before + entries.length + extra);
    });
  }

  it('should record a promote with the scope it changed', async () => {
    const c = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Local', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'channel', primary_channel: 'email', channels: ['email'] } });
    expect((await t.api('POST', `/api/campaigns/${c.body.id}/promote`, { token: admin.token })).status).toBe(200);
    const entries = await stored(c.body.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'promote']);
    expect(entries[1].changes).toEqual({ scope: { before: 'channel', after: 'global' }, primary_channel: { before: 'email', after: null } });
    // Promoting a global campaign changes nothing, and records nothing.
    await t.api('POST', `/api/campaigns/${c.body.id}/promote`, { token: admin.token });
    expect(await stored(c.body.id)).toHaveLength(2);
  });

  it('should record permission grants and revokes, role changes and access keys, for administrators only', async () => {
    const u = await t.signUpAndIn('subject@history.test');
    await t.grant(admin.token, u.userId, ['channel_view', 'seo']);
    expect((await t.api('DELETE', `/api/users/${u.userId}/permissions?permission_type=channel_view&channel=seo`, { token: admin.token })).status).toBe(204);
    expect((await t.api('PUT', `/api/users/${u.userId}/role`, { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    const key = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Script', read_only: false } });
    expect((await t.api('DELETE', `/api/access-keys/${key.body.id}`, { token: admin.token })).status).toBe(204);

    const perms = (await t.api('GET', '/api/history?resource=permissions', { token: admin.token })).body.entries;
    expect(perms.slice(0, 2).map((e: { action: string; row: { channel: string } }) => [e.action, e.row.channel])).toEqual([['revoke', 'seo'], ['grant', 'seo']]);
    const role = (await t.api('GET', `/api/history?resource=roles&id=${u.userId}`, { token: admin.token })).body.entries;
    expect(role).toHaveLength(1);
    expect(role[0]).toMatchObject({ action: 'role', changes: { role: { before: null, after: 'admin' } }, actor: { id: admin.userId, email: 'admin@history.test' } });
    const keys = (await t.api('GET', `/api/history?resource=access-keys&id=${key.body.id}`, { token: admin.token })).body.entries;
    expect(keys.map((e: { action: string }) => e.action)).toEqual(['revoke', 'create']);
    expect(JSON.stringify(keys)).not.toContain(key.body.secret);
    // Not even an editor with every data right sees them.
    expect((await t.api('GET', '/api/history?resource=permissions', { token: editor.token })).body.entries).toEqual([]);
  });

  it('should record an import as one entry, and a dry run as none', async () => {
    const csv = 'name,region\nImported One,EU\nImported Two,US\n';
    const before = await count();
    const dry = await t.api('POST', '/api/prospective-publications/import?dry_run=1', { token: editor.token, raw: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(dry.status).toBe(200);
    expect(await count()).toBe(before);
    const res = await t.api('POST', '/api/prospective-publications/import', { token: editor.token, raw: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const [entry] = (await t.api('GET', '/api/history?resource=prospective-publications&limit=1', { token: editor.token })).body.entries;
    expect(entry).toMatchObject({ action: 'import', row_id: null, row: { imported: 2 }, actor: { id: editor.userId } });
  });

  it("should end an imported row's own history with its file's entry, and a created row's with its create", async () => {
    const csv = 'title,planning_start_date,live_date,scope,channels\nFrom File A,2031-01-01,2031-02-01,global,email\nFrom File B,2031-01-01,2031-02-02,global,email\n';
    const res = await t.api('POST', '/api/campaigns/import', { token: editor.token, raw: csv, headers: { 'Content-Type': 'text/csv' } });
    expect(res.status).toBe(200);
    const [row] = (await t.api('GET', '/api/campaigns?q=From%20File%20A', { token: editor.token })).body;
    await t.api('PATCH', `/api/campaigns/${row.id}`, { token: admin.token, body: { title: 'From File A, renamed' } });
    const page = (await t.api('GET', `/api/campaigns/${row.id}/history`, { token: editor.token })).body;
    expect(page.entries.map((e: any) => e.action)).toEqual(['update', 'import']);
    expect(page.entries[1]).toMatchObject({ resource: 'campaigns', row_id: null, row: { imported: 2 }, actor: { id: editor.userId } });
    // Paged one by one, the file's entry still comes last, once.
    const first = (await t.api('GET', `/api/campaigns/${row.id}/history?limit=1`, { token: editor.token })).body;
    const rest = (await t.api('GET', `/api/campaigns/${row.id}/history?limit=1&cursor=${first.next_cursor}`, { token: editor.token })).body;
    expect([...first.entries, ...rest.entries].map((e: any) => e.action)).toEqual(['update', 'import']);
    // A campaign created by hand a moment later is not taken for one of the file's.
    const made = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'By hand', planning_start_date: '2031-01-01', live_date: '2031-02-01', scope: 'global', channels: ['email'] } });
    expect((await t.api('GET', `/api/campaigns/${made.body.id}/history`, { token: editor.token })).body.entries.map((e: any) => e.action)).toEqual(['create']);
  });
});

describe('writes that do not happen leave nothing', () => {
  it('should record no entry for a refused, stale or invalid write', async () => {
    const c = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Guarded', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'global', channels: ['email'] } });
    const before = await count();
    const tries = [
      await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: outsider.token, body: { title: 'Mine' } }),
      await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { title: 'Late' }, headers: { 'If-Match': '"7"' } }),
      await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { live_date: 'soon' } }),
      await t.api('DELETE', `/api/campaigns/${c.body.id}`, { token: outsider.token }),
      await t.api('POST', '/api/publications', { token: outsider.token, body: { name: 'Nope' } }),
      await t.api('POST', '/api/prospective-publications/import', { token: editor.token, raw: 'name\n\n', headers: { 'Content-Type': 'text/csv' } }),
    ];
    expect(tries.map((r) => r.status)).toEqual([404, 412, 400, 404, 403, 400]);
    expect(await count()).toBe(before);
  });

  it('should leave no entry when the transaction fails after the change was written', async () => {
    const db = t.services.db;
    // A check that runs at commit, after the row and its entry were written: the commit fails.
    await db.raw(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NULL; END $$`);
    await db.raw('CREATE CONSTRAINT TRIGGER refuse_boom AFTER INSERT OR UPDATE ON ideas DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_boom()');
    try {
      const idea = await t.api('POST', '/api/ideas', { token: editor.token, body: { title: 'fine' } });
      const before = await count();
      const update = await t.api('PATCH', `/api/ideas/${idea.body.id}`, { token: editor.token, body: { title: 'boom' } });
      const create = await t.api('POST', '/api/ideas', { token: editor.token, body: { title: 'boom' } });
      expect([update.status, create.status]).toEqual([500, 500]);
      expect(await count()).toBe(before);
      expect((await t.api('GET', `/api/ideas/${idea.body.id}`, { token: editor.token })).body.title).toBe('fine');
    } finally {
      await db.raw('DROP TRIGGER refuse_boom ON ideas');
      await db.raw('DROP FUNCTION refuse_boom()');
    }
  });
});

describe('reading history', () => {
  it('should show a row\'s changes newest first with the actor\'s e-mail, page by page', async () => {
    const c = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Paged', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'global', channels: ['email'] } });
    for (let i = 1; i <= 4; i++) await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { title: `Paged ${i}` } });
    const first = await t.api('GET', `/api/campaigns/${c.body.id}/history?limit=2`, { token: editor.token });
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e: { changes: { title: { after: string } } }) => e.changes.title.after)).toEqual(['Paged 4', 'Paged 3']);
    expect(first.body.entries[0].actor).toEqual({ id: editor.userId, email: 'editor@history.test' });
    const second = await t.api('GET', `/api/campaigns/${c.body.id}/history?limit=2&cursor=${first.body.next_cursor}`, { token: editor.token });
    const third = await t.api('GET', `/api/campaigns/${c.body.id}/history?limit=2&cursor=${second.body.next_cursor}`, { token: editor.token });
    expect([...second.body.entries, ...third.body.entries].map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
    expect(third.body.next_cursor).toBeNull();
    // Filters: by actor (id or e-mail) and time.
    const byMail = await t.api('GET', `/api/history?actor=editor@history.test&id=${c.body.id}`, { token: admin.token });
    expect(byMail.body.entries).toHaveLength(5);
    expect((await t.api('GET', `/api/history?actor=${admin.userId}&id=${c.body.id}`, { token: admin.token })).body.entries).toEqual([]);
    expect((await t.api('GET', `/api/history?id=${c.body.id}&since=2999-01-01`, { token: admin.token })).body.entries).toEqual([]);
    expect((await t.api('GET', `/api/history?id=${c.body.id}&until=2999-01-01`, { token: admin.token })).body.entries).toHaveLength(5);
  });

  it('should answer bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [['limit=0', 'limit'], ['since=yesterday', 'since'], ['resource=users', 'resource'], ['cursor=abc', 'cursor'], ['actor=bob', 'actor'], ['id=7', 'id'], ['since=0000-01-01T00:00:00Z', 'since'], ['until=9999-12-31', 'until']]) {
      const res = await t.api('GET', `/api/history?${query}`, { token: editor.token });
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await t.api('POST', '/api/history/abc/revert', { token: editor.token })).status).toBe(404);
    expect((await t.api('POST', '/api/history/99999999/revert', { token: editor.token })).status).toBe(404);
  });

  it('should show a user nothing of rows they may not read, now or when deleted', async () => {
    const hidden = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Email only', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'channel', primary_channel: 'email', channels: ['email'] } });
    await t.api('PATCH', `/api/campaigns/${hidden.body.id}`, { token: editor.token, body: { title: 'Email only 2' } });
    const seen = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'On SEO', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'channel', primary_channel: 'seo', channels: ['seo'] } });
    const all = (await t.api('GET', '/api/history?resource=campaigns&limit=500', { token: outsider.token })).body.entries.map((e: { row_id: string }) => e.row_id);
    expect(all).toContain(seen.body.id);
    expect(all).not.toContain(hidden.body.id);
    expect((await t.api('GET', `/api/campaigns/${hidden.body.id}/history`, { token: outsider.token })).status).toBe(404);
    // Deleted: judged by the row as it was.
    await t.api('DELETE', `/api/campaigns/${hidden.body.id}`, { token: editor.token });
    await t.api('DELETE', `/api/campaigns/${seen.body.id}`, { token: admin.token });
    const after = (await t.api('GET', '/api/history?resource=campaigns&limit=500', { token: outsider.token })).body.entries.map((e: { row_id: string }) => e.row_id);
    expect(after.filter((id: string) => id === hidden.body.id)).toEqual([]);
    expect(after.filter((id: string) => id === seen.body.id)).toHaveLength(2);
    expect((await t.api('GET', `/api/campaigns/${hidden.body.id}/history`, { token: outsider.token })).body.entries).toEqual([]);
    expect((await t.api('GET', `/api/campaigns/${hidden.body.id}/history`, { token: editor.token })).body.entries).toHaveLength(3);
    const entryId = (await stored(hidden.body.id))[1].id;
    expect((await t.api('POST', `/api/history/${entryId}/revert`, { token: outsider.token })).status).toBe(404);
  });

  it('should withhold the values of changes made while a campaign sat in a channel the reader cannot read', async () => {
    const c = await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Secret launch', planning_start_date: '2030-01-01', live_date: '2030-02-01', scope: 'channel', primary_channel: 'email', channels: ['email'] } });
    await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: admin.token, body: { title: 'Codename Falcon', description: 'Budget 90000' } });
    // Moved where the outsider reads (seo): the move itself, and what follows, the outsider sees whole.
    await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: admin.token, body: { primary_channel: 'seo', channels: ['seo'] } });
    await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: admin.token, body: { title: 'Public name' } });
    const page = await t.api('GET', `/api/campaigns/${c.body.id}/history`, { token: outsider.token });
    expect(page.status).toBe(200);
    const [renamed, moved, secret, created] = page.body.entries;
    expect(renamed).toMatchObject({ changes: { title: { before: 'Codename Falcon', after: 'Public name' } } });
    expect(renamed.withheld).toBeUndefined();
    expect(moved.changes.primary_channel).toEqual({ before: 'email', after: 'seo' });
    expect(secret).toMatchObject({ withheld: true, row: null, changes: { title: { before: null, after: null } } });
    expect(JSON.stringify(secret)).not.toMatch(/Falcon|90000/);
    // A create names no values: there is nothing to withhold.
    expect(created).toMatchObject({ action: 'create', changes: null, row: null });
    expect(created.withheld).toBeUndefined();
    // The same entries, whole, for whoever could read the campaign then.
    const whole = (await t.api('GET', `/api/campaigns/${c.body.id}/history`, { token: admin.token })).body.entries[2];
    expect(whole.changes.title).toEqual({ before: 'Secret launch', after: 'Codename Falcon' });
    // And values it never saw it cannot put back.
    const revert = await t.api('POST', `/api/history/${secret.id}/revert`, { token: outsider.token });
    expect([revert.status, revert.body.error.message]).toEqual([403, 'This change was made while the campaign was in a channel you cannot see']);
  });

  it('should show read-only keys nothing, and record a writing key with its owner', async () => {
    const ro = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Embed', read_only: true } });
    const rw = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Script', read_only: false } });
    expect((await t.api('GET', '/api/history', { token: ro.body.secret })).body).toEqual({ entries: [], next_cursor: null });
    const idea = await t.api('POST', '/api/ideas', { token: rw.body.secret, body: { title: 'From a script' } });
    const [entry] = (await t.api('GET', `/api/ideas/${idea.body.id}/history`, { token: rw.body.secret })).body.entries;
    expect(entry).toMatchObject({ action: 'create', actor: { id: admin.userId, email: 'admin@history.test' }, key: { id: rw.body.id, name: 'Script' } });
  });
});

describe('revert', () => {
  it("should put an update's before values back as a logged write, and refuse with 409 naming fields changed since", async () => {
    const c = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Launch', planning_start_date: '2030-01-01', live_date: '2030-03-04', scope: 'global', channels: ['email'] } });
    await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { title: 'Launch!', live_date: '2030-03-11' } });
    await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { title: 'Launch!!' } });
    const [, move, retitle] = await stored(c.body.id);
    const refused = await t.api('POST', `/api/history/${move.id}/revert`, { token: editor.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('revert_conflict');
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(['title']);
    expect(await stored(c.body.id)).toHaveLength(3);

    const dry = await t.api('POST', `/api/history/${retitle.id}/revert?dry_run=1`, { token: editor.token });
    expect(dry.body).toMatchObject({ dry_run: true, plan: { kind: 'update', patch: { title: 'Launch!' } }, entry_id: null });
    expect(await stored(c.body.id)).toHaveLength(3);
    const stale = await t.api('POST', `/api/history/${retitle.id}/revert`, { token: editor.token, headers: { 'If-Match': '"1"' } });
    expect(stale.status).toBe(412);
    const ok = await t.api('POST', `/api/history/${retitle.id}/revert`, { token: editor.token, headers: { 'If-Match': '"3"' } });
    expect(ok.status).toBe(200);
    expect(ok.body.row).toMatchObject({ title: 'Launch!', live_date: '2030-03-11', version: 4 });
    const entries = await stored(c.body.id);
    expect(entries).toHaveLength(4);
    expect(entries[3]).toMatchObject({ action: 'update', reverts: String(retitle.id), changes: { title: { before: 'Launch!!', after: 'Launch!' } } });
    expect(ok.body.entry_id).toBe(String(entries[3].id));
    // Only the date was left to the first change: reverting a date-only entry works once the title no longer conflicts.
    const dateOnly = await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: editor.token, body: { live_date: '2030-03-18' } });
    expect(dateOnly.status).toBe(200);
    const back = await t.api('POST', `/api/history/${(await stored(c.body.id))[4].id}/revert`, { token: editor.token });
    expect(back.body.row.live_date).toBe('2030-03-11');
  });

  it('should recreate a deleted row with its id, and remove a created one', async () => {
    const e = await t.api('POST', '/api/events', { token: editor.token, body: { name: 'Summit', vertical: ['water'], audience: ['owners'], start_date: '2030-05-01', end_date: '2030-05-02', type: ['exhibit'] } });
    await t.api('DELETE', `/api/events/${e.body.id}`, { token: editor.token });
    const [created, deleted] = await stored(e.body.id);
    const back = await t.api('POST', `/api/history/${deleted.id}/revert`, { token: editor.token });
    expect(back.status).toBe(200);
    expect(back.body.row).toMatchObject({ id: e.body.id, name: 'Summit', start_date: '2030-05-01', created_at: e.body.created_at, version: 2 });
    expect((await t.api('GET', `/api/events/${e.body.id}`, { token: editor.token })).body.name).toBe('Summit');
    expect((await t.api('POST', `/api/history/${deleted.id}/revert`, { token: editor.token })).status).toBe(409);
    expect((await stored(e.body.id)).at(-1)).toMatchObject({ action: 'create', reverts: String(deleted.id) });
    // Reverting the original create removes the row again (nothing changed it since).
    const undo = await t.api('POST', `/api/history/${created.id}/revert`, { token: editor.token });
    expect(undo.status).toBe(200);
    expect((await t.api('GET', `/api/events/${e.body.id}`, { token: editor.token })).status).toBe(404);
  });

  it('should refuse a revert the caller could not make by hand', async () => {
    const idea = await t.api('POST', '/api/ideas', { token: editor.token, body: { title: 'Mine' } });
    await t.api('PATCH', `/api/ideas/${idea.body.id}`, { token: editor.token, body: { title: 'Mine, edited' } });
    const [, edit] = await stored(idea.body.id);
    expect((await t.api('POST', `/api/history/${edit.id}/revert`, { token: outsider.token })).status).toBe(403);
    const key = await t.api('POST', '/api/access-keys', { token: admin.token, body: { name: 'Feed', read_only: true } });
    expect((await t.api('POST', `/api/history/${edit.id}/revert`, { token: key.body.secret })).status).toBe(404);
    const perm = (await t.services.db('history_entries').where({ resource: 'permissions' }).first('id'))!;
    expect((await t.api('POST', `/api/history/${perm.id}/revert`, { token: admin.token })).status).toBe(400);
  });
});

describe('realtime', () => {
  it("should announce each change on its row's topic, whose refresh refetches history that already holds the entry", async () => {
    expect(TOPIC_REFRESHES.campaigns[0].kinds).toContain('history');
    const c = await t.api('POST', '/api/campaigns', { token: editor.token, body: { title: 'Live', planning_start_date: '2030-01-01', live_date: '2030-03-04', scope: 'global', channels: ['email'] } });
    const s = await subscribedSocket(t.url, editor.token, 'campaigns');
    try {
      await t.api('PATCH', `/api/campaigns/${c.body.id}`, { token: admin.token, body: { live_date: '2030-03-11' } });
      const change = await s.waitFor((m) => m.type === 'change' && m.row?.id === c.body.id && m.row.version === 2);
      expect(change).toMatchObject({ topic: 'campaigns', op: 'update' });
      // The entry committed with the row: a refetch on the change sees it, by whoever made it.
      const [entry] = (await t.api('GET', `/api/campaigns/${c.body.id}/history?limit=1`, { token: editor.token })).body.entries;
      expect(entry).toMatchObject({ action: 'update', actor: { email: 'admin@history.test' }, changes: { live_date: { before: '2030-03-04', after: '2030-03-11' } } });
    } finally {
      s.ws.close();
    }
  });
});
