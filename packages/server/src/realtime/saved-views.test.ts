import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { sleep, subscribedSocket } from '../test/socket';

/** Saved views on the realtime feed (docs/adr/0032): each reader hears of its own views and the shared ones only. */

let t: TestServer;
let admin: string;
let editor: { token: string; userId: string };
let viewer: { token: string; userId: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.signUpAndIn('admin@example.com')).token;
  editor = await t.signUpAndIn('editor@example.com');
  viewer = await t.signUpAndIn('viewer@example.com');
  await t.grant(admin, editor.userId, ['global_view'], ['global_create']);
  await t.grant(admin, viewer.userId, ['global_view']);
});
afterAll(async () => t?.close());

describe('saved views on the realtime feed', () => {
  it('should send a personal view to its owner only, and a shared one to every reader of its dashboard', async () => {
    const mine = await subscribedSocket(t.url, editor.token, 'saved_views');
    const theirs = await subscribedSocket(t.url, viewer.token, 'saved_views');
    const personal = (await t.api('POST', '/api/views', { token: editor.token, body: { name: 'Mine', query: 'status=live' } })).body;
    await mine.waitFor((m) => m.type === 'change' && m.row?.id === personal.id);
    const shared = (await t.api('POST', '/api/views', { token: editor.token, body: { name: 'Team', query: 'tab=list', shared: true } })).body;
    const got = await theirs.waitFor((m) => m.type === 'change' && m.row?.id === shared.id);
    expect(got).toMatchObject({ topic: 'saved_views', op: 'insert', row: shared });
    await mine.waitFor((m) => m.row?.id === shared.id);
    await sleep(100);
    expect(theirs.changes().map((m) => m.row?.id)).toEqual([shared.id]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('should tell the others a view made personal is gone, and send its owner the update', async () => {
    const shared = (await t.api('POST', '/api/views', { token: editor.token, body: { name: 'Soon mine', query: '', shared: true } })).body;
    const owner = await subscribedSocket(t.url, editor.token, 'saved_views');
    const other = await subscribedSocket(t.url, viewer.token, 'saved_views');
    expect((await t.api('PATCH', `/api/views/${shared.id}`, { token: editor.token, body: { shared: false } })).status).toBe(200);
    expect(await other.waitFor((m) => m.type === 'change' && m.id === shared.id)).toMatchObject({ op: 'delete', id: shared.id });
    // On PostgreSQL the view's creation can reach a socket opened after it (the feed's horizon): wait for the edit.
    expect(await owner.waitFor((m) => m.type === 'change' && m.row?.id === shared.id && m.row?.version === 2)).toMatchObject({ op: 'update', row: { shared: false, version: 2 } });
    // Its later edits are the owner's alone: the others hear at most that it is gone (the row keeps its
    // earlier sharing, as a campaign keeps its earlier scopes, for a reader that missed the change).
    await t.api('PATCH', `/api/views/${shared.id}`, { token: editor.token, body: { name: 'Mine now' } });
    await owner.waitFor((m) => m.row?.name === 'Mine now');
    await sleep(100);
    // On PostgreSQL a socket opened just after the view's creation can still get that creation (the
    // feed's horizon): it was shared then. What must never reach the others is a later state.
    const heard = other.changes().filter((m) => (m.row?.id === shared.id || m.id === shared.id) && m.op !== 'insert');
    expect(heard.every((m) => m.op === 'delete' && m.row === undefined)).toBe(true);
    owner.ws.close();
    other.ws.close();
  });

  it('should announce a deleted shared view to its readers and a deleted personal one to its owner only', async () => {
    const shared = (await t.api('POST', '/api/views', { token: editor.token, body: { name: 'Going', query: '', shared: true } })).body;
    const personal = (await t.api('POST', '/api/views', { token: editor.token, body: { name: 'Going too', query: '' } })).body;
    const other = await subscribedSocket(t.url, viewer.token, 'saved_views');
    const owner = await subscribedSocket(t.url, editor.token, 'saved_views');
    await t.api('DELETE', `/api/views/${personal.id}`, { token: editor.token });
    await t.api('DELETE', `/api/views/${shared.id}`, { token: editor.token });
    await other.waitFor((m) => m.type === 'change' && m.op === 'delete' && m.id === shared.id);
    await owner.waitFor((m) => m.type === 'change' && m.op === 'delete' && m.id === shared.id);
    expect(owner.changes().some((m) => m.op === 'delete' && m.id === personal.id)).toBe(true);
    expect(other.changes().some((m) => m.id === personal.id)).toBe(false);
    other.ws.close();
    owner.ws.close();
  });
});
