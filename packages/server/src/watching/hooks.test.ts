import { mentionToken } from '@cadence/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

// What a comment sets off once it commits (docs/adr/0059, 0060, 0058): the people it newly mentions
// hear of it in their inbox, and webhooks subscribed to comment.created get the comment.

let t: TestServer;
type Person = { token: string; userId: string };
let admin: Person;
let writer: Person;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signUpAndIn('admin@hooks.test');
  writer = await t.signUpAndIn('writer@hooks.test');
  await t.grant(admin.token, writer.userId, ['global_view']);
});
afterAll(async () => t?.close());

const inbox = async (p: Person) => (await t.api('GET', '/api/notifications', { token: p.token })).body as Array<Record<string, any>>;

describe('after a comment is saved', () => {
  it('should put a "mentioned" item in the inbox of each person newly mentioned, quoting the text with names, and none for the author', async () => {
    const c = (await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Hooked launch', planning_start_date: '2026-03-01', live_date: '2026-03-20', channels: ['email'] } })).body;
    const before = (await inbox(writer)).length;
    const res = await t.api('POST', `/api/campaigns/${c.id}/comments`, {
      token: admin.token,
      body: { body: `Can you check the subject line, ${mentionToken('writer@hooks.test', writer.userId)}? ${mentionToken('admin@hooks.test', admin.userId)}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = await inbox(writer);
    expect(items.length).toBe(before + 1);
    expect(items[0]).toMatchObject({ kind: 'mentioned', campaign_id: c.id, actor_id: admin.userId, read_at: null });
    expect(items[0]!.data.excerpt).toBe('Can you check the subject line, @writer@hooks.test? @admin@hooks.test');
    // The author mentioned themselves: no item of their own.
    expect((await inbox(admin)).filter((n) => n.kind === 'mentioned' && n.campaign_id === c.id)).toEqual([]);

    // An edit that adds nobody tells nobody again.
    const edited = await t.api('PATCH', `/api/campaign-comments/${res.body.id}`, { token: admin.token, body: { body: `${res.body.body} (edited)` } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await inbox(writer)).length).toBe(before + 1);
  });

  it('should queue comment.created for a subscribed webhook, in the comment\'s transaction', async () => {
    const hook = await t.api('POST', '/api/webhooks', { token: admin.token, body: { url: 'https://hooks.example.invalid/comments', events: ['comment.created'] } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const c = (await t.api('POST', '/api/campaigns', { token: admin.token, body: { title: 'Hooked comment', planning_start_date: '2026-03-01', live_date: '2026-03-20', channels: ['email'] } })).body;
    const k = await t.api('POST', `/api/campaigns/${c.id}/comments`, { token: writer.token, body: { body: 'Looks good' } });
    expect(k.status, JSON.stringify(k.body)).toBe(201);
    const queued = await t.services.db('webhook_deliveries').where({ webhook_id: hook.body.id, event_type: 'comment.created' }).select('payload');
    expect(queued).toHaveLength(1);
    const event = typeof queued[0]!.payload === 'string' ? JSON.parse(queued[0]!.payload) : queued[0]!.payload;
    expect(event).toMatchObject({ type: 'comment.created', actor: { id: writer.userId, email: 'writer@hooks.test' }, data: { object: { id: k.body.id, campaign_id: c.id, body: 'Looks good' } } });
  });
});
