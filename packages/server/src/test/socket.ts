import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  messages: Array<Record<string, any>>;
  closed: Promise<{ code: number; reason: string }>;
  send(msg: object): void;
  /** Resolves with the first message (from now or already received) matching `pred`. */
  waitFor(pred: (m: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
  changes(): Array<Record<string, any>>;
}

/** A raw WebSocket client for realtime tests that records every message. */
export async function openSocket(baseUrl: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers });
  const messages: Array<Record<string, any>> = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    waiters.forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(JSON.stringify(msg)),
    changes: () => messages.filter((m) => m.type === 'change'),
    waitFor: (pred, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(pred);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/** Opens, authenticates and subscribes; resolves once the server has acknowledged. */
export async function subscribedSocket(baseUrl: string, token: string, topic: string, filter?: object): Promise<TestSocket> {
  const s = await openSocket(baseUrl);
  s.send({ type: 'auth', token });
  await s.waitFor((m) => m.type === 'ready');
  s.send({ type: 'subscribe', id: 'a', topic, ...(filter ? { filter } : {}) });
  await s.waitFor((m) => m.type === 'subscribed' && m.id === 'a');
  return s;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
