import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What to answer: a status (and body), or `hang` (never answer). */
export type Answer = { status: number; body?: string } | 'hang';

/**
 * A webhook endpoint on 127.0.0.1 for tests and the benchmark: records every request, answers
 * what `answer` says (200 unless told), and closes whatever still hangs when closed.
 */
export async function startReceiver(answer: (r: Received, n: number) => Answer = () => ({ status: 200 })) {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const a = answer(r, received.length);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(a.status, { 'Content-Type': 'text/plain' });
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
