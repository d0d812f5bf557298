/**
 * `webhooks`: 1,000 events to a receiver on 127.0.0.1 (docs/adr/0058). Each campaign PATCH
 * raises one `campaign.updated`, queued in the write's transaction and posted by the server's
 * delivery task; the figure is events per second from the first PATCH sent to the last event
 * received (a quick run sends 300, so the CI smoke run stays under 20 s on a busy machine). Every event must arrive exactly once with a valid signature. Beside it, the PATCH's
 * own latency with and without a subscribed endpoint: the request never waits on delivery.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../packages/server/src/webhooks/sign.js';
import { createScratchDatabase } from '../lib/pg.js';
import { startBenchServer } from '../lib/server.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';
import { call } from '../lib/api.js';

/** Events sent; a quick run (the CI smoke run, under 20 s on a busy machine) sends fewer. */
const EVENTS = 1000;
const QUICK_EVENTS = 300;
const WRITERS = 8;

/** Counts each event id it receives and whether its signature holds. */
async function receiver(secret: () => string) {
  const seen = new Map<string, number>();
  let badSignatures = 0;
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifyWebhookSignature(String(req.headers['cadence-signature']), body, secret())) badSignatures++;
      const id = (JSON.parse(body) as { id: string }).id;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      lastAt = performance.now();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    bad: () => badSignatures,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const webhooksSuite: Suite = {
  name: 'webhooks',
  description: '1,000 campaign updates → signed webhook deliveries to a local receiver: events/s, each once with a valid signature',
  async run(ctx) {
    const events = ctx.quick ? QUICK_EVENTS : EVENTS;
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    const server = await startBenchServer({ databaseUrl: db.url, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    let secret = '';
    const rx = await receiver(() => secret);
    try {
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await call('POST', `${server.url}/api/auth/signup`, undefined, credentials);
      const { access_token: token } = await call('POST', `${server.url}/api/auth/signin`, undefined, credentials);
      const campaigns: Array<{ id: string }> = [];
      for (let i = 0; i < WRITERS; i++) campaigns.push(await call('POST', `${server.url}/api/campaigns`, token, { title: `Campaign ${i}`, planning_start_date: '2027-01-04', live_date: '2027-03-16', channels: ['email'] }));
      // A title no campaign has yet: every PATCH changes it, so every one raises campaign.updated.
      const patch = (c: { id: string }, n: number | string) => call('PATCH', `${server.url}/api/campaigns/${c.id}`, token, { title: `Update ${n}` });

      // The PATCH alone, before any endpoint listens.
      const samples = ctx.quick ? 10 : 100;
      const bare: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        await patch(campaigns[0]!, `before ${i}`);
        bare.push(performance.now() - t0);
      }

      const hook = await call('POST', `${server.url}/api/webhooks`, token, { url: rx.url, events: ['campaign.updated'] });
      secret = hook.secret;
      ctx.log(`sending ${events} updates from ${WRITERS} writers`);
      let next = 0;
      const started = performance.now();
      await Promise.all(
        campaigns.map(async (c) => {
          while (next < events) await patch(c, next++);
        }),
      );
      const writesDone = performance.now();
      try {
        await until(() => rx.seen.size >= events, 60_000, `${events} deliveries`);
      } catch (err) {
        const log: Array<{ status: string; error: string | null }> = await call('GET', `${server.url}/api/webhooks/${hook.id}/deliveries?limit=200`, token);
        const stuck = log.filter((d) => d.status !== 'delivered');
        throw new Error(`${(err as Error).message}: got ${rx.seen.size}; not delivered: ${JSON.stringify(stuck.slice(0, 5))}`);
      }
      // Late duplicates would show here.
      await new Promise((r) => setTimeout(r, 300));
      const seconds = (rx.lastAt() - started) / 1000;
      const lagMs = rx.lastAt() - writesDone;
      const once = [...rx.seen.values()].filter((n) => n === 1).length;
      const duplicates = [...rx.seen.values()].filter((n) => n > 1).length;
      const received = rx.seen.size;
      const bad = rx.bad();
      // The same sequential PATCH as before, now that an endpoint hears of every one.
      const withHook: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        await patch(campaigns[0]!, `after ${i}`);
        withHook.push(performance.now() - t0);
      }
      ctx.log(`${received} events in ${round(seconds)} s (writes took ${round((writesDone - started) / 1000)} s); ${duplicates} duplicated, ${bad} bad signatures`);
      const rows: BenchRow[] = [
        {
          suite: 'webhooks',
          name: `${events} events delivered exactly once with a valid signature`,
          unit: 'events',
          ours: bad === 0 ? once : 0,
          budget: { on: 'value', op: '>=', limit: events },
          detail: `${received} distinct received, ${duplicates} more than once, ${bad} bad signatures`,
        },
        {
          suite: 'webhooks',
          name: `delivery throughput, first write sent → last event received (${WRITERS} writers)`,
          unit: 'events/s',
          ours: round(events / seconds),
          detail: `${round(seconds)} s in all; the writes themselves took ${round((writesDone - started) / 1000)} s, the last event arrived ${round(lagMs)} ms after the last write answered`,
        },
        {
          suite: 'webhooks',
          name: 'campaign PATCH with a subscribed endpoint, median (it never waits on delivery)',
          unit: 'ms',
          ours: round(median(withHook)),
          detail: `p95 ${round(quantile(withHook, 0.95))} ms over ${samples} PATCHes one at a time; the same before any endpoint: median ${round(median(bare))} ms, p95 ${round(quantile(bare, 0.95))} ms`,
        },
      ];
      return rows;
    } finally {
      await rx.close();
      await server.stop();
      await db.drop();
    }
  },
};
