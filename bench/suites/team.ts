/**
 * `team`: N simulated Global Calendar dashboards (core's clients and the widgets' query store, in
 * a process of their own) on a server on PostgreSQL holding 10,000 campaigns, while one writer
 * makes 5 writes a second. What each write costs: requests and bytes to the dashboards, server
 * CPU, and the time until every dashboard's cache reflects it. The peer is the design before
 * ADRs 20/21, the same dashboards refetching their campaign lists on every change.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { visibleWindow, type Campaign } from '../../packages/core/src/index.js';
import { createScratchDatabase } from '../lib/pg.js';
import { rng } from '../lib/random.js';
import { startBenchServer, type BenchServer } from '../lib/server.js';
import { settlePeer } from '../lib/peer.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite, SuiteContext } from '../lib/types.js';
import type { ClientCommand, ClientReply, Counters } from '../team/clients.js';
import { clock, type DashboardMode } from '../team/dashboard.js';
import { processCpuMs } from '../team/proc.js';
import { planWrite, poolOf, type WritePool } from '../team/writes.js';
import { campaignRows, campaignsCsv } from './http.js';

const TODAY = '2026-03-16';
/** How long the dashboards get, after the last write, to reflect every write. */
const CONVERGE_MS = 120_000;
const WINDOW = visibleWindow(TODAY, 'month');
const clientsScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../team/clients.ts');

async function api<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.headers as object) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The dashboards' process, asked one command at a time. */
interface Clients {
  ask<T extends ClientReply['type']>(c: ClientCommand): Promise<Extract<ClientReply, { type: T }>>;
  /** A command with no answer. */
  tell(c: ClientCommand): void;
  stop(): Promise<void>;
}

function startClients(): Clients {
  const child: ChildProcess = fork(clientsScript, [], { execArgv: ['--import', 'tsx', '--max-old-space-size=6144'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } });
  const waiting: Array<{ resolve: (r: ClientReply) => void; reject: (e: Error) => void }> = [];
  child.on('message', (r: ClientReply) => waiting.shift()?.resolve(r));
  const ended = new Promise<void>((resolve) => child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`team clients exited with ${code}`));
    resolve();
  }));
  return {
    ask: <T extends ClientReply['type']>(c: ClientCommand) =>
      new Promise<Extract<ClientReply, { type: T }>>((resolve, reject) => {
        waiting.push({ resolve: resolve as (r: ClientReply) => void, reject });
        child.send(c);
      }),
    tell: (c) => child.send(c),
    async stop() {
      if (child.connected) child.disconnect();
      await ended;
    },
  };
}

interface Phase {
  mode: DashboardMode;
  dashboards: number;
  writes: number;
  intervalMs: number;
}

interface PhaseResult extends Phase {
  seconds: number;
  requests: number;
  byRoute: Record<string, number>;
  bytes: number;
  serverCpuMs: number;
  dbCpuMs: number;
  clientCpuMs: number;
  changes: number;
  resyncs: number;
  /** Per write: send → the last dashboard reflecting it, ms (null: some dashboard never did). */
  latencies: Array<number | null>;
  /** Per write and dashboard, ms. */
  each: number[];
  /** Per write: send → the last dashboard's campaign lists reflecting it (counts aside), ms. */
  lists: Array<number | null>;
  /** Round trips of GET /api/campaigns/stats during the writes, ms. */
  countsMs: number[];
  openMs: number;
  heapMiB: number;
  /** The machine's 1-minute load average when the writes ended (it is shared). */
  load: number;
  verified: { checked: number; mismatches: string[] };
}

const minus = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]).filter(([, v]) => (v as number) > 0));

class Writer {
  private k = 0;
  private readonly rnd = rng(18);
  constructor(private readonly server: BenchServer, private readonly token: string, private readonly pool: WritePool) {}

  /**
   * Plans write k, tells the dashboards what it will be, then makes it; returns when it was sent.
   * The notice goes first on its own pipe, so it is read before the change can reach a dashboard
   * over the server; should the change win, the dashboard is found consistent when the notice is
   * read, a little later than it was: the latency can only be overstated.
   */
  async write(clients: Clients): Promise<{ k: number; sentAt: number }> {
    const k = this.k++;
    const w = planWrite(k, this.rnd, this.pool, WINDOW);
    clients.tell({ type: 'expect', write: w.expect });
    const sentAt = clock();
    const base = `${this.server.url}/api/campaigns`;
    if (w.kind === 'create') await api(base, { method: 'POST', token: this.token, body: JSON.stringify(w.body) });
    else if (w.kind === 'delete') await api(`${base}/${w.id}`, { method: 'DELETE', token: this.token });
    else await api(`${base}/${w.id}`, { method: 'PATCH', token: this.token, body: JSON.stringify(w.patch) });
    return { k, sentAt };
  }
}

/** CPU time of the database's backends, by pid; one that exits meanwhile is not counted (an undercount). */
async function backendCpuMs(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
}

const cpuSince = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function runPhase(ctx: SuiteContext, phase: Phase, server: BenchServer, tokens: string[], writer: Writer, db: { admin: pg.Client; name: string }): Promise<PhaseResult> {
  const clients = startClients();
  try {
    ctx.log(`${phase.mode}: opening ${phase.dashboards} dashboards`);
    const opened = await clients.ask<'opened'>({ type: 'open', apiUrl: server.url, tokens, count: phase.dashboards, mode: phase.mode, today: TODAY });
    // Two unmeasured writes: every dashboard is subscribed once both have reached all of them.
    for (let i = 0; i < 2; i++) await writer.write(clients);
    const warm = await clients.ask<'drained'>({ type: 'drain', timeoutMs: 180_000 });
    if (Object.values(warm.consistentAt).some((times) => times.includes(null))) throw new Error(`${phase.mode}: a dashboard did not reflect the warm-up writes within 180 s`);

    const c0 = (await clients.ask<'counters'>({ type: 'counters' })).counters;
    const cpu0 = processCpuMs(server.pid);
    const dbCpu0 = await backendCpuMs(db.admin, db.name);
    ctx.log(`${phase.mode}: ${phase.writes} writes, one every ${phase.intervalMs} ms, to ${phase.dashboards} dashboards`);
    const t0 = clock();
    const sent = new Map<number, number>();
    for (let i = 0; i < phase.writes; i++) {
      const wait = t0 + i * phase.intervalMs - clock();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { k, sentAt } = await writer.write(clients);
      sent.set(k, sentAt);
    }
    const seconds = (clock() - t0) / 1000;
    const load = os.loadavg()[0]!;
    const drained = await clients.ask<'drained'>({ type: 'drain', timeoutMs: CONVERGE_MS });
    const c1: Counters = (await clients.ask<'counters'>({ type: 'counters' })).counters;
    const serverCpuMs = processCpuMs(server.pid) - cpu0;
    const dbCpuMs = cpuSince(dbCpu0, await backendCpuMs(db.admin, db.name));
    const latencies: Array<number | null> = [];
    const each: number[] = [];
    const lists: Array<number | null> = [];
    const slowest = (times: Array<number | null>, sentAt: number) => (times.includes(null) ? null : Math.max(0, ...times.map((t) => t! - sentAt)));
    for (const [k, sentAt] of sent) {
      lists.push(slowest(drained.listsAt[k] ?? [], sentAt));
      const times = drained.consistentAt[k] ?? [];
      for (const t of times) if (t !== null) each.push(Math.max(0, t - sentAt));
      latencies.push(slowest(times, sentAt));
    }
    const verified = await clients.ask<'verified'>({ type: 'verify', token: tokens[0]! });
    return {
      ...phase,
      seconds,
      requests: c1.requests - c0.requests,
      byRoute: minus(c1.byRoute, c0.byRoute),
      bytes: c1.bytes - c0.bytes,
      serverCpuMs,
      dbCpuMs,
      clientCpuMs: c1.cpuMs - c0.cpuMs,
      changes: c1.changes - c0.changes,
      resyncs: c1.resyncs - c0.resyncs,
      latencies,
      each,
      lists,
      countsMs: drained.countsMs,
      openMs: opened.ms,
      heapMiB: c1.heapMiB,
      load,
      verified: { checked: verified.checked, mismatches: verified.mismatches },
    };
  } finally {
    await clients.stop();
  }
}

const perWriteAndDashboard = (r: PhaseResult, x: number) => x / (r.writes * r.dashboards);

function describePhase(r: PhaseResult): string {
  const done = r.latencies.filter((l): l is number => l !== null);
  const lists = r.lists.filter((l): l is number => l !== null);
  const routes = Object.entries(r.byRoute).map(([route, n]) => `${route} ${round(n / (r.writes * r.dashboards), 3)}`).join(', ') || 'none';
  return [
    `${r.dashboards} dashboards, ${r.writes} writes in ${round(r.seconds, 1)} s (load average ${round(r.load, 1)} on ${os.cpus().length} cores)`,
    `requests per write per dashboard by route: ${routes}`,
    `change messages per write per dashboard ${round(r.changes / (r.writes * r.dashboards), 2)}${r.resyncs ? `, ${r.resyncs} resyncs` : ''}`,
    `${round(r.bytes / r.writes / 1024, 1)} KiB sent per write to all dashboards`,
    `every dashboard consistent: p50 ${round(median(done), 1)} ms, p95 ${round(quantile(done, 0.95), 1)} ms${done.length < r.latencies.length ? `, ${r.latencies.length - done.length} writes not reflected everywhere within 120 s` : ''}`,
    `each dashboard: p50 ${round(median(r.each), 1)} ms, p95 ${round(quantile(r.each, 0.95), 1)} ms`,
    `campaign lists alone on every dashboard: p50 ${round(median(lists), 1)} ms, p95 ${round(quantile(lists, 0.95), 1)} ms`,
    ...(r.countsMs.length ? [`GET /api/campaigns/stats round trip p50 ${round(median(r.countsMs), 1)} ms, p95 ${round(quantile(r.countsMs, 0.95), 1)} ms`] : []),
    `server CPU ${round(r.serverCpuMs / r.writes, 1)} ms per write (+ PostgreSQL backends ${round(r.dbCpuMs / r.writes, 1)} ms)`,
    `dashboards' process CPU ${round(r.clientCpuMs / r.writes, 1)} ms per write, heap ${r.heapMiB} MiB, opened in ${round(r.openMs / 1000, 1)} s`,
    `final check against fresh answers: ${r.verified.checked - r.verified.mismatches.length}/${r.verified.checked} cached queries equal${r.verified.mismatches.length ? ` (${r.verified.mismatches.slice(0, 3).join('; ')})` : ''}`,
  ].join('; ');
}

export const teamSuite: Suite = {
  name: 'team',
  description: 'N simulated Global Calendar dashboards on PostgreSQL with 10,000 campaigns, one writer at 5 writes/s: requests, bytes, CPU and consistency per write vs refetch-on-change',
  async run(ctx) {
    const count = ctx.quick ? 2_000 : 10_000;
    const ours: Phase = ctx.quick ? { mode: 'in-place', dashboards: 40, writes: 50, intervalMs: 200 } : { mode: 'in-place', dashboards: 200, writes: 150, intervalMs: 200 };
    // The peer downloads every list on every change: at full scale it cannot keep up with 5 writes/s, so it
    // runs fewer dashboards and slower writes; every figure compared is per write and per dashboard.
    const peer: Phase = ctx.quick ? { mode: 'refetch', dashboards: 10, writes: 5, intervalMs: 1_000 } : { mode: 'refetch', dashboards: 20, writes: 10, intervalMs: 1_000 };
    const scratch = await createScratchDatabase(ctx.pgAdminUrl);
    const admin = new pg.Client({ connectionString: scratch.url });
    const server = await startBenchServer({ databaseUrl: scratch.url });
    try {
      await admin.connect();
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await api(`${server.url}/api/auth/signup`, { method: 'POST', body: JSON.stringify(credentials) });
      const signin = () => api<{ access_token: string }>(`${server.url}/api/auth/signin`, { method: 'POST', body: JSON.stringify(credentials) }).then((r) => r.access_token);
      const writerToken = await signin();
      // A handful of sessions shared by the dashboards (each still has its own socket and store).
      const tokens = await Promise.all(Array.from({ length: 5 }, signin));
      ctx.log(`seeding ${count} campaigns`);
      const seed = campaignRows(count, 18);
      for (let i = 0; i < seed.length; i += 2_000) {
        await api(`${server.url}/api/campaigns/import`, { method: 'POST', token: writerToken, headers: { 'Content-Type': 'text/csv' }, body: campaignsCsv(seed.slice(i, i + 2_000)) });
      }
      const all = await api<Campaign[]>(`${server.url}/api/campaigns`, { token: writerToken });
      const writer = new Writer(server, writerToken, poolOf(all, WINDOW));
      const db = { admin, name: scratch.name };
      const o = await runPhase(ctx, ours, server, tokens, writer, db);
      ctx.log(describePhase(o));
      // Ours disagreeing with the server is our failure; the peer's is only a peer that could not finish.
      if (o.verified.mismatches.length) throw new Error(`${o.mode} dashboards disagree with the server: ${o.verified.mismatches.slice(0, 5).join('; ')}`);
      const { result: p, unfinished } = await settlePeer(() => runPhase(ctx, peer, server, tokens, writer, db), CONVERGE_MS);
      if (unfinished) ctx.log(`${peer.mode}: ${unfinished}`);
      const peerName = `refetch on change (before ADR 21), ${peer.dashboards} dashboards at ${round(1000 / peer.intervalMs, 1)} writes/s`;
      // The figure of a peer that finished; else why it has none, and our figures stand alone.
      const against = (value: (r: PhaseResult) => number): Pick<BenchRow, 'peer' | 'peerUnfinished'> =>
        p && !unfinished ? { peer: { name: peerName, value: value(p) } } : { peerUnfinished: { name: peerName, reason: unfinished! } };
      const peerText = p ? `${unfinished ? `${unfinished}; ` : ''}${describePhase(p)}` : unfinished!;
      if (p) ctx.log(describePhase(p));
      const done = (r: PhaseResult) => r.latencies.map((l) => l ?? Number.POSITIVE_INFINITY);
      const n = ours.dashboards;
      return [
        {
          suite: 'team',
          name: `requests per write per dashboard, ${n} dashboards`,
          unit: 'req',
          ours: perWriteAndDashboard(o, o.requests),
          ...against((r) => perWriteAndDashboard(r, r.requests)),
          budget: { on: 'value', op: '<=', limit: 0.05 },
          detail: `ours: ${describePhase(o)} | peer: ${peerText}`,
        },
        {
          suite: 'team',
          name: 'bytes sent per write per dashboard (HTTP + WebSocket)',
          unit: 'B',
          ours: perWriteAndDashboard(o, o.bytes),
          ...against((r) => perWriteAndDashboard(r, r.bytes)),
          budget: { on: 'ratio', op: '<=', limit: 0.1 },
          detail: `ours ${round(o.bytes / o.writes / 1024, 1)} KiB per write to ${o.dashboards} dashboards; peer ${p ? `${round(p.bytes / p.writes / 1024, 1)} KiB per write to ${p.dashboards}` : 'none'}; counted on the dashboards' sockets (TCP payload the server wrote, headers and frames included)`,
        },
        {
          suite: 'team',
          name: `change → every dashboard consistent, p95, ${n} dashboards`,
          unit: 'ms',
          ours: quantile(done(o), 0.95),
          ...against((r) => quantile(done(r), 0.95)),
          budget: { on: 'value', op: '<=', limit: 250 },
          detail: `ours p50 ${round(median(done(o)), 1)} ms over ${o.writes} writes, each the slowest of ${o.dashboards} dashboards; peer p50 ${p ? `${round(median(done(p)), 1)} ms` : 'none'}; from sending the write to the last dashboard whose cached lists and counts reflect it`,
        },
        {
          suite: 'team',
          name: 'server CPU per write per dashboard',
          unit: 'µs',
          ours: (perWriteAndDashboard(o, o.serverCpuMs) * 1000),
          ...against((r) => perWriteAndDashboard(r, r.serverCpuMs) * 1000),
          budget: { on: 'ratio', op: '<=', limit: 0.1 },
          detail: `the server process (/proc): ours ${round(o.serverCpuMs / o.writes, 1)} ms per write for ${o.dashboards} dashboards; PostgreSQL backends ours ${round(o.dbCpuMs / o.writes, 1)} ms per write; the dashboards' own process ours ${round(o.clientCpuMs / o.writes, 1)} ms per write${p ? `; peer ${round(p.serverCpuMs / p.writes, 1)} ms for ${p.dashboards} dashboards, PostgreSQL ${round(p.dbCpuMs / p.writes, 1)} ms, dashboards ${round(p.clientCpuMs / p.writes, 1)} ms per write` : ''}`,
        },
      ] satisfies BenchRow[];
    } finally {
      await admin.end().catch(() => {});
      await server.stop();
      await scratch.drop();
    }
  },
};
