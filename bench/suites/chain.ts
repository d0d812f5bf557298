/**
 * `chain` (run only when named: `pnpm bench chain`): what each link of the server's middleware
 * chain costs on the authenticated trivial route, `GET /api/auth/user`. The built app runs in
 * one process per variant (bench/http/chain-server.ts), whole or with one link taken out; all of
 * them, the real built server and bare Koa + @koa/router are loaded in turn, round after round.
 * The figure is the serving process's CPU time per request (/proc, user + system, over a few
 * thousand requests): unlike a rate it hardly moves when other work shares the machine, so the
 * difference between the whole chain and the chain without a link is that link's cost.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPeerProcess } from '../lib/child.js';
import { load } from '../lib/load.js';
import { createScratchDatabase } from '../lib/pg.js';
import { summariseProfile } from '../lib/cpu-profile.js';
import { repoRoot, startBenchServer } from '../lib/server.js';
import { median, round } from '../lib/stats.js';
import { processCpuMs } from '../team/proc.js';
import type { BenchRow, Suite, SuiteContext } from '../lib/types.js';

/** Links of app.ts's chain (their `_name`s) that the trivial route passes through and can do without. */
const LINKS = ['lifecycle', 'errors', 'security-headers', 'probes', 'cors', 'body', 'request-context', 'storage'] as const;

const VARIANTS: Array<{ variant: string; label: string }> = [
  { variant: 'full', label: 'the whole chain (built app, no realtime hub)' },
  ...LINKS.map((link) => ({ variant: `without:${link}`, label: `without ${link}` })),
  { variant: 'fixed-auth', label: 'authenticate without its token and principal lookups (the resolved caller handed over)' },
  { variant: 'minimal', label: 'only the resolved caller and the routes (Koa, router, route kit, handler)' },
];

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/**
 * The built server under `node --cpu-prof` (1 ms sampling) while the trivial route is loaded: its
 * self time by source file, package and Node module, the heaviest first.
 */
export async function profileTrivialRoute(ctx: SuiteContext, env: Record<string, string>, token: string, seconds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-chain-profile-'));
  const server = await startBenchServer({ databaseUrl: env.DATABASE_URL!, env, nodeArgs: ['--cpu-prof', '--cpu-prof-interval', '1000', '--cpu-prof-dir', dir] });
  let total = 0;
  try {
    const url = `${server.url}/api/auth/user`;
    const headers = { Authorization: `Bearer ${token}` };
    await load({ url, headers, seconds: 2 });
    ctx.log(`profiling the built server: ${seconds} s of GET /api/auth/user`);
    total = (await load({ url, headers, seconds })).total;
  } finally {
    await server.stop(); // the profile is written as the process exits
  }
  try {
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    const { busyMs, places } = summariseProfile(path.join(dir, file), repoRoot, seconds + 0.5);
    return places.slice(0, 20).map((p) => ({
      suite: 'chain',
      name: `profile: ${p.where}`,
      unit: '% of the server\'s busy CPU',
      ours: p.share * 100,
      detail: `${round(p.ms, 0)} ms of ${round(busyMs, 0)} ms busy over the measured ${seconds} s (${total} requests); heaviest: ${p.top.map((t) => `${t.name} ${round(t.ms, 0)} ms`).join(', ')}`,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const chainSuite: Suite = {
  name: 'chain',
  optional: true,
  description: "GET /api/auth/user through the server's middleware chain with one link taken out at a time, against the whole chain and bare Koa (run only when named)",
  async run(ctx: SuiteContext) {
    const seconds = ctx.quick ? 1 : 4;
    const rounds = ctx.quick ? 1 : 3;
    const db = await createScratchDatabase(ctx.pgAdminUrl);
    // One secret for the real server and the variants, so one token is good for all of them.
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: db.url };
    const server = await startBenchServer({ databaseUrl: db.url, env });
    const started: Array<{ stop(): Promise<void> }> = [];
    try {
      const credentials = { email: 'bench-admin@example.com', password: 'bench-password-1' };
      await json(`${server.url}/api/auth/signup`, { method: 'POST', body: JSON.stringify(credentials) });
      const { access_token: token } = await json<{ access_token: string }>(`${server.url}/api/auth/signin`, { method: 'POST', body: JSON.stringify(credentials) });
      const me = await json<unknown>(`${server.url}/api/auth/user`, { token });
      const profile = await profileTrivialRoute(ctx, env, token, ctx.quick ? 2 : 10);
      const peer = await startPeerProcess('http/peer-server.ts', [db.url, JSON.stringify(me)]);
      started.push(peer);
      const targets: Array<{ label: string; url: string; auth: boolean; pid: number }> = [
        { label: 'bare Koa + @koa/router', url: `${peer.url}/trivial`, auth: false, pid: peer.pid },
        { label: 'the built server', url: `${server.url}/api/auth/user`, auth: true, pid: server.pid },
      ];
      for (const v of VARIANTS) {
        const p = await startPeerProcess('http/chain-server.ts', [v.variant], env);
        started.push(p);
        const answer = await json<unknown>(`${p.url}/api/auth/user`, { token });
        if (JSON.stringify(answer) !== JSON.stringify(me)) throw new Error(`${v.variant} answers differently from the server`);
        targets.push({ label: v.label, url: `${p.url}/api/auth/user`, auth: true, pid: p.pid });
      }
      const headers = (t: { auth: boolean }): Record<string, string> => (t.auth ? { Authorization: `Bearer ${token}` } : {});
      for (const t of targets) await load({ url: t.url, headers: headers(t), seconds: ctx.quick ? 1 : 2 });
      const costs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
      const rates = new Map<string, number[]>(targets.map((t) => [t.label, []]));
      for (let r = 0; r < rounds; r++) {
        ctx.log(`round ${r + 1}/${rounds}: ${targets.length} targets, ${seconds} s each`);
        // Each round in another order, so no target always follows the same one.
        const order = targets.map((t, i) => targets[(i + r * 5) % targets.length]!);
        for (const t of order) {
          const cpu0 = processCpuMs(t.pid);
          const got = await load({ url: t.url, headers: headers(t), seconds });
          const cpuMs = processCpuMs(t.pid) - cpu0;
          if (got.non2xx || got.errors) throw new Error(`${t.label}: ${got.non2xx} non-2xx, ${got.errors} errors`);
          costs.get(t.label)!.push((cpuMs * 1000) / got.total);
          rates.get(t.label)!.push(got.requestsPerSecond);
        }
      }
      const cost = (label: string) => median(costs.get(label)!);
      const whole = cost(VARIANTS[0]!.label);
      const bare = cost(targets[0]!.label);
      const runs = (label: string) =>
        `CPU per request ${costs.get(label)!.map((x) => round(x, 1)).join(', ')} µs; ${rates.get(label)!.map((x) => round(x, 0)).join(', ')} req/s`;
      const row = (label: string, peer: { name: string; value: number }, detail: string): BenchRow => ({
        suite: 'chain',
        name: label,
        unit: 'µs CPU per request',
        ours: cost(label),
        peer,
        detail: `${detail}runs: ${runs(label)}`,
      });
      const bareKoa = { name: 'bare Koa + @koa/router', value: bare };
      const wholePeer = { name: 'the whole chain, same harness', value: whole };
      return [
        ...profile,
        row(targets[1]!.label, bareKoa, `bare Koa runs: ${runs(targets[0]!.label)}; `),
        row(VARIANTS[0]!.label, bareKoa, ''),
        ...VARIANTS.slice(1).map((v) => row(v.label, wholePeer, `the link costs ${round(whole - cost(v.label), 1)} µs of ${round(whole, 1)}; `)),
      ];
    } finally {
      for (const p of started) await p.stop();
      await server.stop();
      await db.drop();
    }
  },
};
