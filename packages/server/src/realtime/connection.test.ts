import { EventEmitter } from 'node:events';
import type { Principal } from '@cadence/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { CredentialResult } from '../auth/credentials';
import { RealtimeConnection, type ConnectionDeps } from './connection';
import type { ChangeRecord } from './hub';

/** The part of a ws WebSocket a connection uses, recording what it was sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: Array<Record<string, any>> = [];
  closedWith: number | null = null;
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close', code);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
  }
  /** A text frame from the client. */
  receive(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const viewer: Principal = { userId: 'u1', role: null, permissions: [{ permission_type: 'channel_view', channel: 'email' }] };
const emailCampaign = (seq: number): ChangeRecord => ({
  seq,
  topic: 'campaigns',
  op: 'insert',
  row_id: `c${seq}`,
  row: { id: `c${seq}`, scope: 'global', primary_channel: null, channels: ['email'], created_by: 'u0' },
});

/** Lets queued messages and deliveries finish (the fakes answer at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let deps: ConnectionDeps & { credential: CredentialResult };
let log: ChangeRecord[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  log = [];
  deps = {
    credential: { auth: { principal: viewer, user: null as never, sessionId: 's1' } },
    hub: {
      position: 10,
      isPruned: async (since) => since < 3,
      read: async (since, limit) => {
        const changes = log.filter((c) => c.seq > since).slice(0, limit);
        return { changes, position: Math.max(since, 10, ...changes.map((c) => c.seq)), complete: true, heldBack: false };
      },
    },
    resolveCredential: async () => deps.credential,
    reloadAuth: async (a) => a,
    log: { warn: vi.fn() },
  };
});
afterEach(() => vi.useRealTimers());

function open() {
  const ws = new FakeSocket();
  const state = { closed: false };
  const connection = new RealtimeConnection(ws as unknown as WebSocket, deps, () => (state.closed = true));
  return { ws, connection, state };
}

/** A connection signed in as `viewer` and subscribed to campaigns. */
async function subscribed() {
  const opened = open();
  opened.ws.receive({ type: 'auth', token: 't' });
  opened.ws.receive({ type: 'subscribe', id: 'a', topic: 'campaigns' });
  await settle();
  return opened;
}

const changes = (ws: FakeSocket) => ws.sent.filter((m) => m.type === 'change');

describe('RealtimeConnection', () => {
  it('should start a new client at the hub position and close one that never authenticates', async () => {
    const { ws } = await subscribed();
    expect(ws.sent).toEqual([{ type: 'ready', seq: 10 }, { type: 'subscribed', id: 'a' }]);
    const silent = open();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(silent.ws.closedWith).toBe(4401);
    expect(silent.state.closed).toBe(true);
    expect(ws.closedWith).toBeNull();
  });

  it('should say what is wrong with a malformed frame, and close only a connection not yet signed in', async () => {
    const { ws } = await subscribed();
    ws.receive({ type: 'subscribe', id: 'b', topic: 'campaign' });
    ws.emit('message', Buffer.from('{"type":"resume"'), false);
    await settle();
    expect(ws.sent.slice(2)).toEqual([
      { type: 'error', code: 'validation_failed', message: expect.stringMatching(/^subscribe: "topic" must be one of campaigns, tasks, campaign_comments, ads, /) },
      { type: 'error', code: 'validation_failed', message: 'A frame is a JSON object; this one is not JSON' },
    ]);
    expect(ws.closedWith).toBeNull();
    const early = open();
    early.ws.emit('message', Buffer.from([1, 2]), true);
    await settle();
    expect(early.ws.sent).toEqual([{ type: 'error', code: 'validation_failed', message: 'Frames are JSON text, not binary' }]);
    expect(early.ws.closedWith).toBe(4401);
  });

  it('should refuse a 51st subscription but let an existing one be replaced', async () => {
    const { ws } = open();
    ws.receive({ type: 'auth', token: 't' });
    for (let i = 0; i < 51; i++) ws.receive({ type: 'subscribe', id: `s${i}`, topic: 'ideas' });
    ws.receive({ type: 'subscribe', id: 's0', topic: 'events' });
    await settle();
    expect(ws.sent.filter((m) => m.type === 'subscribed')).toHaveLength(51);
    expect(ws.sent.filter((m) => m.type === 'error')).toEqual([
      { type: 'error', code: 'validation_failed', message: 'At most 50 subscriptions per connection' },
    ]);
  });

  it('should replay the missed changes on resume, and answer resync past retention', async () => {
    const { ws } = await subscribed();
    log = [emailCampaign(4), emailCampaign(5)];
    ws.receive({ type: 'resume', since: 3 });
    ws.receive({ type: 'resume', since: 1 });
    await settle();
    expect(ws.sent.slice(2)).toEqual([
      expect.objectContaining({ type: 'change', seq: 4 }),
      expect.objectContaining({ type: 'change', seq: 5 }),
      { type: 'resync' },
    ]);
  });

  it('should skip changes it has already served', async () => {
    const { ws, connection } = await subscribed();
    connection.offer([emailCampaign(9), emailCampaign(11)]);
    connection.offer([emailCampaign(11), emailCampaign(12)]);
    await settle();
    expect(changes(ws).map((m) => m.seq)).toEqual([11, 12]);
  });

  it('should reload its own permissions before judging the changes after them', async () => {
    const { ws, connection } = await subscribed();
    deps.reloadAuth = async (a) => ({ ...a, principal: { ...a.principal, permissions: [] } });
    const revoked: ChangeRecord = { seq: 12, topic: 'permissions', op: 'delete', row_id: 'p1', row: { user_id: 'u1' } };
    connection.offer([emailCampaign(11), revoked, emailCampaign(13)]);
    await settle();
    expect(changes(ws).map((m) => m.seq)).toEqual([11]);
  });

  it('should close a client too far behind instead of buffering more', async () => {
    const { ws, connection } = await subscribed();
    ws.bufferedAmount = 9 * 1024 * 1024;
    connection.offer([emailCampaign(11)]);
    await settle();
    expect(ws.closedWith).toBe(1013);
    expect(changes(ws)).toEqual([]);
  });

  it('should close within a minute once its credential is revoked', async () => {
    const { ws, state } = await subscribed();
    deps.credential = { failure: 'This session has ended. Sign in again.' };
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ws.sent.at(-1)).toEqual({ type: 'error', code: 'unauthorized', message: 'This session has ended. Sign in again.' });
    expect(ws.closedWith).toBe(4401);
    expect(state.closed).toBe(true);
  });

  it('should be dropped at the second heartbeat without a pong', () => {
    const { ws, connection } = open();
    connection.heartbeat();
    ws.emit('pong');
    connection.heartbeat();
    expect(ws.terminated).toBe(false);
    connection.heartbeat();
    expect(ws.pings).toBe(2);
    expect(ws.terminated).toBe(true);
  });
});
