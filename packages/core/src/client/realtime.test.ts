import { describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type SocketLike } from './realtime';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

describe('createRealtimeClient', () => {
  it('should open one connection for subscriptions made in the same tick, and resubscribe and resume after a drop', async () => {
    FakeSocket.all = [];
    const client = createRealtimeClient({ apiUrl: 'https://x.example', getToken: async () => 'tok', socketFactory: (u) => new FakeSocket(u), minDelayMs: 1, maxDelayMs: 1 });
    const got: number[] = [];
    client.subscribe('ideas', (c) => got.push(c.seq));
    client.subscribe('campaigns', (c) => got.push(c.seq));
    await new Promise((r) => setTimeout(r, 5));
    expect(FakeSocket.all).toHaveLength(1);
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe('wss://x.example/api/realtime');
    first.open();
    expect(JSON.parse(first.sent[0]!)).toEqual({ type: 'auth', token: 'tok' });
    first.receive({ type: 'ready', seq: 10 });
    expect(first.sent.slice(1).map((s) => JSON.parse(s).type)).toEqual(['subscribe', 'subscribe', 'resume']);
    first.receive({ type: 'change', seq: 11, topic: 'ideas', op: 'insert', row: { id: 'a' } });
    first.receive({ type: 'change', seq: 11, topic: 'ideas', op: 'insert', row: { id: 'a' } });
    expect(got).toEqual([11]);

    first.close();
    await new Promise((r) => setTimeout(r, 20));
    const second = FakeSocket.all[1]!;
    second.open();
    second.receive({ type: 'ready', seq: 50 });
    expect(JSON.parse(second.sent.at(-1)!)).toEqual({ type: 'resume', since: 11 });
    client.close();
  });
});

describe('createRealtimeClient reading frames', () => {
  const connected = async () => {
    FakeSocket.all = [];
    const client = createRealtimeClient({ apiUrl: 'https://x.example', getToken: () => 'tok', socketFactory: (u) => new FakeSocket(u), minDelayMs: 1, maxDelayMs: 1 });
    const ads: Array<{ id: string; status: string }> = [];
    client.subscribe('ads', (c) => ads.push(c.op === 'delete' ? { id: c.id, status: 'deleted' } : { id: c.row.id, status: c.row.status }), { status: 'live' });
    const resyncs = vi.fn();
    client.onResync(resyncs);
    await new Promise((r) => setTimeout(r, 5));
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive({ type: 'ready', seq: 10 });
    return { client, socket, ads, resyncs };
  };

  it('should hand a filtered subscription only the rows that pass its filter, and every delete', async () => {
    const { client, socket, ads } = await connected();
    socket.receive({ type: 'change', seq: 11, topic: 'ads', op: 'insert', row: { id: 'a1', status: 'live' } });
    socket.receive({ type: 'change', seq: 12, topic: 'ads', op: 'update', row: { id: 'a2', status: 'draft' } });
    socket.receive({ type: 'change', seq: 13, topic: 'ideas', op: 'insert', row: { id: 'i1', status: 'live' } });
    socket.receive({ type: 'change', seq: 14, topic: 'ads', op: 'delete', id: 'a2' });
    expect(ads).toEqual([{ id: 'a1', status: 'live' }, { id: 'a2', status: 'deleted' }]);
    client.close();
  });

  it('should refetch everything, not drop it, when a frame cannot be read, and go on with the next', async () => {
    const { client, socket, ads, resyncs } = await connected();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      socket.receive({ type: 'change', seq: 11, topic: 'ads', op: 'insert' });
      socket.onmessage?.({ data: 'not json' });
      expect(resyncs).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[0]![0]).toMatch(/an insert carries the row/);
      expect(client.lastSeq).toBe(10);
      socket.receive({ type: 'change', seq: 11, topic: 'ads', op: 'insert', row: { id: 'a1', status: 'live' } });
      expect(ads).toEqual([{ id: 'a1', status: 'live' }]);
    } finally {
      warn.mockRestore();
      client.close();
    }
  });
});

describe('createRealtimeClient when the server restarts', () => {
  const setup = () => {
    FakeSocket.all = [];
    // Backoff long enough that only a prompt reconnect happens within the test's wait.
    const client = createRealtimeClient({ apiUrl: 'http://x.example', getToken: () => 'tok', socketFactory: (u) => new FakeSocket(u), minDelayMs: 20, maxDelayMs: 60_000 });
    client.subscribe('ideas', () => {});
    return client;
  };
  it('should reconnect within minDelayMs after 1012 Service Restart, and resume from the last seq', async () => {
    vi.useFakeTimers();
    try {
      const client = setup();
      await vi.advanceTimersByTimeAsync(0);
      const first = FakeSocket.all[0]!;
      first.open();
      first.receive({ type: 'ready', seq: 7 });
      first.receive({ type: 'change', seq: 8, topic: 'ideas', op: 'insert', row: { id: 'a' } });
      first.readyState = 3;
      first.onclose?.({ code: 1012, reason: 'Server restarting; reconnect and resume' });
      await vi.advanceTimersByTimeAsync(20);
      expect(FakeSocket.all).toHaveLength(2);
      const second = FakeSocket.all[1]!;
      second.open();
      second.receive({ type: 'ready', seq: 30 });
      expect(JSON.parse(second.sent.at(-1)!)).toEqual({ type: 'resume', since: 8 });
      client.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('should back off after an ordinary drop, but not after 1012 even when earlier attempts failed', async () => {
    vi.useFakeTimers();
    try {
      const client = setup();
      await vi.advanceTimersByTimeAsync(0);
      const first = FakeSocket.all[0]!;
      first.open();
      first.receive({ type: 'ready', seq: 1 });
      first.readyState = 3;
      first.onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(5);
      expect(FakeSocket.all).toHaveLength(1); // 1006: at least minDelayMs / 2 of backoff
      await vi.advanceTimersByTimeAsync(20);
      expect(FakeSocket.all).toHaveLength(2);
      // Several failures in a row: the next ordinary wait is long (≥ 20 · 2³ / 2 ms)…
      for (let i = 0; i < 3; i++) {
        FakeSocket.all.at(-1)!.onclose?.({ code: 1006 });
        await vi.advanceTimersByTimeAsync(60_000);
      }
      const before = FakeSocket.all.length;
      // …but a restart's close is followed by a new attempt within minDelayMs.
      const current = FakeSocket.all.at(-1)!;
      current.open();
      current.onclose?.({ code: 1012 });
      await vi.advanceTimersByTimeAsync(20);
      expect(FakeSocket.all.length).toBe(before + 1);
      client.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
