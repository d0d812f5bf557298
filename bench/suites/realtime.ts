import WebSocket from 'ws';
import { startPeerProcess } from '../lib/child.js';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer } from '../lib/server.js';
import { quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite, SuiteContext } from '../lib/types.js';
import { campaignRows, campaignsCsv } from './http.js';

interface Subscriber {
  ws: WebSocket;
  received: number;
}

/** `count` clients on `url`; `onChange` sees every change message each one receives. */
async function connectClients(url: string, count: number, hello: object[], onChange: (msg: { row?: { title?: string } }, at: number) => void): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  const batch = 50; // connect in waves: a thousand simultaneous handshakes is a test of the backlog, not the feed
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, async () => {
        const ws = new WebSocket(url);
        const sub: Subscriber = { ws, received: 0 };
        await new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.once('open', () => {
            for (const m of hello) ws.send(JSON.stringify(m));
            if (!hello.length) resolve();
          });
          ws.on('message', (data) => {
            const at = performance.now();
            const msg = JSON.parse(String(data)) as { type: string; row?: { title?: string } };
            if (msg.type === 'subscribed') resolve();
            else if (msg.type === 'error') reject(new Error(JSON.stringify(msg)));
            else if (msg.type === 'change') {
              sub.received += 1;
              onChange(msg, at);
            }
          });
        });
        subscribers.push(sub);
      }),
    );
  }
  return subscribers;
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json() as Promise<any>;
};

const postCsv = async (url: string, csv: string, token: string) => {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/csv', Authorization: `Bearer ${token}` }, body: csv });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json() as Promise<any>;
};


export const realtimeSuite: Suite = {
  name: 'realtime',
  description: 'WebSocket fan-out to 1,000 subscribers vs a bare ws broadcast, and change latency',
  async run(ctx) {
    const clients = ctx.quick ? 100 : 1_000;
    const batches = ctx.quick ? 2 : 10;
    const perBatch = ctx.quick ? 20 : 50;
    const changes = batches * perBatch;
    const rows: BenchRow[] = [];
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    const server = await startBenchServer({ databaseUrl: db.url });
    const peer = await startPeerProcess('realtime/peer-server.ts');
    const subscribers: Subscriber[] = [];
    try {
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await post(`${server.url}/api/auth/signup`, credentials);
      const { access_token: token } = await post(`${server.url}/api/auth/signin`, credentials);
      const wsUrl = `${server.url.replace('http', 'ws')}/api/realtime`;

      // Latency: each change's title → when its write was sent.
      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      const recorded: object[] = [];
      const onOurs = (msg: { row?: { title?: string } }, at: number) => {
        const t = msg.row?.title ? sentAt.get(msg.row.title) : undefined;
        if (t !== undefined) latencies.push(at - t);
      };
      ctx.log(`connecting ${clients} subscribers to Cadence`);
      const ours = await connectClients(wsUrl, clients, [{ type: 'auth', token }, { type: 'subscribe', id: 'all', topic: 'campaigns' }], onOurs);
      subscribers.push(...ours);
      // Keep one client's messages: the peer broadcasts exactly these payloads.
      ours[0]!.ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { type: string };
        if (msg.type === 'change') recorded.push(msg);
      });

      ctx.log(`fan-out: ${changes} changes in ${batches} writes to ${clients} subscribers`);
      const source = campaignRows(changes, 3);
      let t0 = performance.now();
      for (let b = 0; b < batches; b++) await postCsv(`${server.url}/api/campaigns/import`, campaignsCsv(source.slice(b * perBatch, (b + 1) * perBatch)), token);
      await until(() => ours.every((c) => c.received >= changes), 120_000, 'every subscriber to receive every change');
      const oursRate = (clients * changes) / ((performance.now() - t0) / 1000);

      ctx.log(`connecting ${clients} subscribers to the bare ws peer`);
      // The bare clients time the peer's latency probes too (below), as ours time theirs.
      const bareLatencies: number[] = [];
      const bareSentAt = new Map<string, number>();
      const onBare = (msg: { row?: { title?: string } }, at: number) => {
        const t = msg.row?.title ? bareSentAt.get(msg.row.title) : undefined;
        if (t !== undefined) bareLatencies.push(at - t);
      };
      const bare = await connectClients(`${peer.url.replace('http', 'ws')}/`, clients, [], onBare);
      subscribers.push(...bare);
      t0 = performance.now();
      for (let b = 0; b < batches; b++) await post(`${peer.url}/broadcast`, recorded.slice(b * perBatch, (b + 1) * perBatch));
      await until(() => bare.every((c) => c.received >= changes), 120_000, 'every peer subscriber to receive every payload');
      const bareRate = (clients * changes) / ((performance.now() - t0) / 1000);
      const writes = ctx.quick ? 10 : 100;
      // The latency probes below, through the bare ws peer first: one recorded change, retitled, one broadcast per POST.
      const probe = recorded[0] as { row?: Record<string, unknown> };
      for (let i = 0; i < writes; i++) {
        const title = `Latency probe ${i}`;
        bareSentAt.set(title, performance.now());
        await post(`${peer.url}/broadcast`, [{ ...probe, row: { ...probe.row, title } }]);
        await new Promise((r) => setTimeout(r, 50));
      }
      await until(() => bareLatencies.length >= writes * clients, 30_000, 'every peer latency probe to arrive');
      for (const c of bare) c.ws.terminate();
      rows.push({
        suite: 'realtime',
        name: `deliveries/s, ${clients} subscribers`,
        unit: 'msg/s',
        ours: oursRate,
        peer: { name: 'bare ws broadcast, same payloads', value: bareRate },
        budget: { on: 'ratio', op: '>=', limit: 0.5 },
        detail: `${changes} changes written as ${batches} bulk requests of ${perBatch}; time from the first write to the last delivery (ours) vs from the first broadcast request (peer)`,
      });

      ctx.log(`latency: ${writes} single writes, one every 50 ms, ${clients} subscribers`);
      for (let i = 0; i < writes; i++) {
        const title = `Latency probe ${i}`;
        sentAt.set(title, performance.now());
        await post(`${server.url}/api/campaigns`, { title, planning_start_date: '2026-05-01', live_date: '2026-05-04' }, token);
        await new Promise((r) => setTimeout(r, 50));
      }
      await until(() => latencies.length >= writes * clients, 30_000, 'every latency probe to arrive');
      const p = (q: number) => round(quantile(latencies, q), 1);
      rows.push({
        suite: 'realtime',
        name: 'change → subscriber latency, p95',
        unit: 'ms',
        ours: quantile(latencies, 0.95),
        // The budget is absolute; the bare peer of the same run tells a slow host from a slow change.
        peer: { name: 'bare ws broadcast of the same change, POST to receipt', value: quantile(bareLatencies, 0.95) },
        budget: { on: 'value', op: '<=', limit: 50 },
        detail: `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms over ${latencies.length} deliveries (${writes} writes × ${clients} subscribers); from sending the POST to the subscriber's receipt; bare ws peer p50 ${round(quantile(bareLatencies, 0.5), 1)} ms, p99 ${round(quantile(bareLatencies, 0.99), 1)} ms`,
      });
    } finally {
      for (const c of subscribers) c.ws.terminate();
      await peer.stop();
      await server.stop();
      await db.drop();
    }
    return rows;
  },
};
