import { describe, expect, it } from 'vitest';
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
