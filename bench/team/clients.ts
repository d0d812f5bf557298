/**
 * The `team` suite's dashboards, in their own process so the server's CPU is its own: started
 * by suites/team.ts with an IPC channel, it opens N dashboards and answers the commands below.
 */
import { queryKeyHash } from '../../packages/core/src/index.js';
import type { WriteExpectation } from './consistency.js';
import { Dashboard, STATS_KEY, clock, type DashboardMode } from './dashboard.js';

export type ClientCommand =
  | { type: 'open'; apiUrl: string; tokens: string[]; count: number; mode: DashboardMode; today: string }
  | { type: 'expect'; write: WriteExpectation }
  | { type: 'counters' }
  | { type: 'drain'; timeoutMs: number }
  | { type: 'verify'; token: string };

export interface Counters {
  requests: number;
  byRoute: Record<string, number>;
  bytes: number;
  /** This process's CPU time, ms. */
  cpuMs: number;
  heapMiB: number;
  /** Change messages and resyncs the dashboards received. */
  changes: number;
  resyncs: number;
}

export type ClientReply =
  | { type: 'opened'; ms: number; counters: Counters }
  | { type: 'counters'; counters: Counters }
  /** Per write, when each dashboard reflected it (null: not within the timeout). */
  | { type: 'drained'; consistentAt: Record<number, Array<number | null>>; listsAt: Record<number, Array<number | null>>; countsMs: number[] }
  | { type: 'verified'; checked: number; mismatches: string[] };

let dashboards: Dashboard[] = [];
const expected: number[] = [];
const send = (reply: ClientReply) => process.send!(reply);

function counters(): Counters {
  const byRoute: Record<string, number> = {};
  let requests = 0;
  let bytes = 0;
  let changes = 0;
  let resyncs = 0;
  for (const d of dashboards) {
    changes += d.changes;
    resyncs += d.resyncs;
    for (const [route, n] of d.wire.requests) byRoute[route] = (byRoute[route] ?? 0) + n;
    requests += d.wire.requestCount();
    bytes += d.wire.bytesReceived();
  }
  const cpu = process.cpuUsage();
  return { requests, byRoute, bytes, cpuMs: (cpu.user + cpu.system) / 1000, heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20), changes, resyncs };
}

/**
 * What the counts say, whatever their bookkeeping (the snapshot an answer was read in, the rows
 * moved since: ADR 34) and the order of their keys.
 */
function countsSignature(stats: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  const { as_of: _a, counted: _c, ...counts } = stats as Record<string, unknown>;
  return JSON.stringify(canonical(counts));
}

/** Each dashboard's cached lists (not stale) and counts against a fresh answer from the server. */
async function verify(apiUrl: string, token: string): Promise<{ checked: number; mismatches: string[] }> {
  const fresh = new Map<string, Promise<unknown>>();
  const get = (path: string) => {
    if (!fresh.has(path)) fresh.set(path, fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json()));
    return fresh.get(path)!;
  };
  const mismatches: string[] = [];
  let checked = 0;
  for (const [i, d] of dashboards.entries()) {
    for (const key of d.store.keys('campaigns')) {
      if (d.store.isStale(key)) continue;
      const query = key[1] as Record<string, string>;
      const want = (await get(`/api/campaigns?${new URLSearchParams(query)}`)) as Array<{ id: string; version: number }>;
      const have = d.store.get<Array<{ id: string; version: number }>>(key).data ?? [];
      const sig = (l: Array<{ id: string; version: number }>) => l.map((c) => `${c.id}@${c.version}`).join(',');
      checked += 1;
      if (sig(have) !== sig(want)) mismatches.push(`dashboard ${i} ${queryKeyHash(key)}: ${have.length} rows cached, ${want.length} from the server`);
    }
    const stats = d.store.get(STATS_KEY).data;
    if (stats !== undefined) {
      checked += 1;
      if (countsSignature(stats) !== countsSignature(await get('/api/campaigns/stats'))) mismatches.push(`dashboard ${i} ${queryKeyHash(STATS_KEY)} differs`);
    }
  }
  return { checked, mismatches };
}

let apiUrl = '';
process.on('message', (command: ClientCommand) => {
  void (async () => {
    switch (command.type) {
      case 'open': {
        apiUrl = command.apiUrl;
        const t0 = clock();
        // In waves, as a team's browsers would arrive: not 200 handshakes in one tick.
        for (let i = 0; i < command.count; i += 20) {
          const wave = Array.from({ length: Math.min(20, command.count - i) }, (_, j) =>
            new Dashboard({ apiUrl: command.apiUrl, token: command.tokens[(i + j) % command.tokens.length]!, mode: command.mode, today: command.today }));
          await Promise.all(wave.map((d) => d.open()));
          dashboards.push(...wave);
        }
        send({ type: 'opened', ms: clock() - t0, counters: counters() });
        break;
      }
      case 'expect':
        expected.push(command.write.k);
        // No answer: the writer must not wait on this process's event loop, or a busy one would slow the writes.
        for (const d of dashboards) d.expect(command.write);
        break;
      case 'counters':
        send({ type: 'counters', counters: counters() });
        break;
      case 'drain': {
        const deadline = clock() + command.timeoutMs;
        while (!dashboards.every((d) => d.settled) && clock() < deadline) await new Promise((r) => setTimeout(r, 20));
        const consistentAt: Record<number, Array<number | null>> = {};
        const listsAt: Record<number, Array<number | null>> = {};
        for (const k of expected) {
          consistentAt[k] = dashboards.map((d) => d.consistentAt.get(k) ?? null);
          listsAt[k] = dashboards.map((d) => d.listsAt.get(k) ?? null);
        }
        expected.length = 0;
        send({ type: 'drained', consistentAt, listsAt, countsMs: dashboards.flatMap((d) => d.countsMs.splice(0)) });
        break;
      }
      case 'verify':
        send({ type: 'verified', ...(await verify(apiUrl, command.token)) });
        break;
    }
  })().catch((err: unknown) => {
    process.stderr.write(`team clients: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
});
process.once('disconnect', () => {
  for (const d of dashboards) d.close();
  dashboards = [];
  process.exit(0);
});
