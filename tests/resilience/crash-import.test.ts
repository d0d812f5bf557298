import { afterAll, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { report } from './report';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
const ROWS = 10_000;
const csv = ['Name,Region,Industry', ...Array.from({ length: ROWS }, (_, i) => `Publication ${i},NA,Industry ${i % 7}`)].join('\n');
const owners: ServerProcess[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
afterAll(async () => {
  for (const s of owners) await s.stop().catch(() => {});
});

async function freshServer() {
  const server = await startServerProcess();
  owners.push(server);
  const token = (await apiClient(server.url).signUpAndIn('admin@example.com')).token;
  return { server, origin: server, token };
}

it(`should leave either none or all of a ${ROWS}-row import, with its history entry, after a SIGKILL at a random moment (${TRIALS} trials)`, async () => {
  const outcomes: number[] = [];
  const importMs: number[] = [];
  let current = await freshServer();
  for (let trial = 0; trial < TRIALS; trial++) {
    const api = apiClient(current.server.url);
    const started = Date.now();
    const importing = api
      .call('POST', '/api/prospective-publications/import', { token: current.token, raw: csv, headers: { 'Content-Type': 'text/csv' } })
      .then(() => importMs.push(Date.now() - started))
      .catch(() => null);
    // Kill anywhere from before the request arrives to just after it has finished: the window is a
    // quarter longer than the imports that finished so far took, so most kills land mid-import (a
    // fixed two seconds let three imports in four finish first, and each of those costs a new server).
    await new Promise((r) => setTimeout(r, Math.random() * 1.25 * (importMs.length ? median(importMs) : 1600)));
    await current.server.kill();
    await importing;

    const restarted = await startServerProcess({}, { shareWith: current.origin });
    const again = apiClient(restarted.url);
    const token = (await again.call('POST', '/api/auth/signin', { body: { email: 'admin@example.com', password: 'correct horse' } })).body.access_token;
    expect(token, 'the server starts cleanly and serves after a crash').toBeTruthy();
    const rows = (await again.call('GET', '/api/prospective-publications?limit=10000', { token })).body.length as number;
    outcomes.push(rows);
    expect([0, ROWS]).toContain(rows);
    // The import's history entry commits with its rows, or not at all (docs/adr/0028).
    const entries = (await again.call('GET', '/api/history?resource=prospective-publications&limit=500', { token })).body.entries as Array<{ action: string; row: { imported: number } }>;
    expect(entries.filter((e) => e.action === 'import').map((e) => e.row.imported)).toEqual(rows ? [ROWS] : []);
    if (rows === 0) {
      current = { server: restarted, origin: current.origin, token };
    } else {
      await restarted.stop();
      current = await freshServer();
    }
  }
  await current.server.stop();
  report('crash during import', {
    trials: TRIALS,
    rows: ROWS,
    none: outcomes.filter((n) => n === 0).length,
    all: outcomes.filter((n) => n === ROWS).length,
    partial: outcomes.filter((n) => n !== 0 && n !== ROWS).length,
    completed_import_ms: importMs,
  });
});
