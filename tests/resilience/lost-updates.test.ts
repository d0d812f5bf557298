import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { report } from './report';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);
afterAll(async () => server?.stop());

it('should keep every accepted write of 50 concurrent editors and refuse the rest with 412', async () => {
  const api = apiClient(server.url);
  const { token } = await api.signUpAndIn('admin@example.com');
  const created = await api.call('POST', '/api/campaigns', { token, body: { title: 'Contended', planning_start_date: '2026-01-01', live_date: '2026-01-02' } });
  const id = created.body.id as string;
  let accepted = 0;
  let conflicts = 0;
  const acceptedOwners = new Set<string>();
  // Each writer reads, then writes with what it read, retrying on 412 a few times like a real client.
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = await api.call('GET', `/api/campaigns/${id}`, { token });
        const res = await api.call('PATCH', `/api/campaigns/${id}`, {
          token,
          body: { owner: `writer ${i}`, kpis: [...current.body.kpis, `w${i}`] },
          headers: { 'If-Match': `"${current.body.version}"` },
        });
        if (res.status === 200) {
          accepted++;
          acceptedOwners.add(`w${i}`);
          return;
        }
        expect(res.status).toBe(412);
        expect(res.body.error.current.id).toBe(id);
        conflicts++;
      }
    }),
  );
  const final = (await api.call('GET', `/api/campaigns/${id}`, { token })).body;
  expect(final.version).toBe(1 + accepted);
  // Every accepted write appended its mark; none was lost to a later one.
  expect(new Set(final.kpis)).toEqual(acceptedOwners);
  report('lost updates', { writers: 50, accepted, conflicts, final_version: final.version });
});
