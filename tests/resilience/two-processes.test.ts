import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { report } from './report';

// Two processes on one PostgreSQL, as behind a load balancer. PGlite is one process by nature.
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let first: string;
  beforeAll(async () => {
    a = await startServerProcess({ RATE_SIGNIN_PER_EMAIL: '6', REALTIME_POLL_MS: '3600000' });
    b = await startServerProcess({ RATE_SIGNIN_PER_EMAIL: '6', REALTIME_POLL_MS: '3600000' }, { shareWith: a });
    first = (await apiClient(a.url).signUpAndIn('admin@example.com')).token; // the first account: admin
  }, 180_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('should hold the sign-in rate limit across both processes', async () => {
    const [apiA, apiB] = [apiClient(a.url), apiClient(b.url)];
    await apiA.signUpAndIn('target@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const api = i % 2 ? apiB : apiA;
      statuses.push((await api.call('POST', '/api/auth/signin', { body: { email: 'target@example.com', password: 'wrong' } })).status);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    report('two processes: rate limit', { attempts: 8, limited_after: statuses.indexOf(429) });
  });

  it('should show every change to realtime clients of either process, and enforce a revocation made through the other', async () => {
    const [apiA, apiB] = [apiClient(a.url), apiClient(b.url)];
    const viewer = await apiB.signUpAndIn('viewer@example.com');
    await apiA.call('POST', `/api/users/${viewer.userId}/permissions`, { token: first, body: { permission_type: 'global_view' } });

    const seen: Record<string, string[]> = { a: [], b: [] };
    const sockets = await Promise.all(
      (['a', 'b'] as const).map(
        (name) =>
          new Promise<WebSocket>((resolve, reject) => {
            setTimeout(() => reject(new Error(`realtime on ${name} did not subscribe`)), 10_000);
            const ws = new WebSocket(`${(name === 'a' ? a : b).url.replace('http', 'ws')}/api/realtime`);
            ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: first })));
            ws.on('message', (d) => {
              const m = JSON.parse(d.toString());
              if (m.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', id: 's', topic: 'campaigns' }));
              if (m.type === 'subscribed') resolve(ws);
              if (m.type === 'change') seen[name]!.push(m.row.title);
            });
          }),
      ),
    );
    const titles = Array.from({ length: 20 }, (_, i) => `change ${i}`);
    for (const [i, title] of titles.entries()) {
      await (i % 2 ? apiB : apiA).call('POST', '/api/campaigns', { token: first, body: { title, planning_start_date: '2026-01-01', live_date: '2026-01-02' } });
    }
    await expect.poll(() => seen.a!.length + seen.b!.length, { timeout: 10_000 }).toBe(40);
    expect(seen.a).toEqual(titles);
    expect(seen.b).toEqual(titles);
    sockets.forEach((s) => s.close());

    expect((await apiB.call('GET', '/api/campaigns', { token: viewer.token })).body).toHaveLength(20);
    await apiA.call('DELETE', `/api/users/${viewer.userId}/permissions?permission_type=global_view`, { token: first });
    expect((await apiB.call('GET', '/api/campaigns', { token: viewer.token })).body).toEqual([]);
    report('two processes: realtime and revocation', { changes: 20, delivered_a: seen.a!.length, delivered_b: seen.b!.length });
  });
});
