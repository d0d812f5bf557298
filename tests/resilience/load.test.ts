import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { report } from './report';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const CONNECTIONS = 100;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);
afterAll(async () => server?.stop());

it(`should serve ${CONNECTIONS} connections of mixed reads and writes for ${SECONDS} s without errors or a leak`, async () => {
  const api = apiClient(server.url);
  const { token } = await api.signUpAndIn('admin@example.com');
  const created: string[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let total = 0;
  let deadline = 0;
  const one = async (n: number, i: number) => {
    const started = performance.now();
    const kind = i % 10;
    let res;
    if (kind < 2) {
      res = await api.call('POST', '/api/campaigns', { token, body: { title: `load ${n}-${i}`, planning_start_date: '2026-03-01', live_date: '2026-03-10', channels: ['email'] } });
      if (res.status === 201) created.push(res.body.id);
    } else if (kind < 3 && created.length) {
      const id = created[(n * 7919 + i) % created.length]!;
      res = await api.call('PATCH', `/api/campaigns/${id}`, { token, body: { owner: `o${i}` } });
    } else if (kind < 6) {
      res = await api.call('GET', '/api/campaigns?from=2026-03-01&to=2026-03-31&limit=200', { token });
    } else if (kind < 8 && created.length) {
      res = await api.call('GET', `/api/campaigns/${created[(n + i) % created.length]}`, { token });
    } else {
      res = await api.call('GET', '/api/auth/user', { token });
    }
    latencies.push(performance.now() - started);
    total++;
    if (res.status >= 400) errors++;
  };
  const run = async (seconds: number) => {
    deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, n) => {
        for (let i = 0; Date.now() < deadline; i++) await one(n, i).catch(() => (errors++, total++));
      }),
    );
  };
  await run(Math.min(10, SECONDS / 4));
  const warm = rssKb(server.pid);
  latencies.length = 0;
  [errors, total] = [0, 0];
  await run(SECONDS);
  const after = rssKb(server.pid);

  const listed = new Set<string>();
  for (let offset = 0; ; offset += 5000) {
    const page = (await api.call('GET', `/api/campaigns?limit=5000&offset=${offset}`, { token })).body as Array<{ id: string }>;
    page.forEach((c) => listed.add(c.id));
    if (page.length < 5000) break;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = {
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: total,
    requests_per_second: Math.round(total / SECONDS),
    error_rate: total ? errors / total : 0,
    p50_ms: Math.round(percentile(sorted, 50)),
    p99_ms: Math.round(percentile(sorted, 99)),
    rss_warm_mb: Math.round(warm / 1024),
    rss_after_mb: Math.round(after / 1024),
    rss_ratio: Number((after / warm).toFixed(2)),
    writes: created.length,
    writes_readable: created.filter((id) => listed.has(id)).length,
  };
  report('load', figures);
  expect(figures.error_rate).toBeLessThan(0.001);
  expect(figures.rss_ratio).toBeLessThanOrEqual(1.2);
  expect(figures.writes_readable).toBe(figures.writes);
});
