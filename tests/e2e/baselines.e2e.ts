import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { connect } from '../../packages/server/src/db/connect';
import { apiClient } from '../../packages/server/src/test/api-client';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/test/server-process';
import { hasChromium } from './support/browser';
import { signIn } from './support/flows';
import { screenshot, seriousA11yViolations, startHarness, type Harness } from './support/harness';

// Baselines (docs/adr/0063) in Chromium against a real server: "Compare with" a moment before
// three moves shows the three ghosts of the plan then, each change in words, and the summary.

const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
/** The moment as `<input type="datetime-local" step="1">` takes it: the browser's local time, to the second. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(hasChromium)('the app in Chromium: comparing the plan with a baseline', () => {
  let h: Harness;
  let page: Page;
  let api: ReturnType<typeof apiClient>;
  let admin: { token: string; userId: string };
  const owner = { email: 'baseliner@example.com', password: 'baseline-pass' };
  let moment: Date;
  let restarted: ServerProcess | undefined;

  beforeAll(async () => {
    h = await startHarness();
    api = apiClient(h.server.url);
    admin = await api.signUpAndIn(owner.email, owner.password);
    const make = async (title: string, live: number) =>
      (await api.call('POST', '/api/campaigns', { token: admin.token, body: { title, planning_start_date: day(2), live_date: day(live), channels: ['email'] } })).body as { id: string };
    const ids = [await make('Alpha launch', 8), await make('Bravo webinar', 12), await make('Charlie sale', 16), await make('Delta digest', 20)];
    // The input takes whole seconds: the moment sits a second clear of the writes on each side.
    await pause(1_100);
    moment = new Date();
    await pause(1_100);
    for (const [i, live] of [[0, 10], [1, 15], [2, 13]] as const) {
      const res = await api.call('PATCH', `/api/campaigns/${ids[i]!.id}`, { token: admin.token, body: { live_date: day(live) } });
      expect(res.status).toBe(200);
    }
    ({ page } = await h.newPage());
    await signIn(page, owner.email, owner.password);
  });
  afterAll(async () => {
    await restarted?.stop();
    await h?.close();
  });

  it('shows the three ghosts of a moment before three moves, marked in words, with the summary on the toolbar line', async () => {
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('button', { name: /Edit Alpha launch/ }).waitFor();
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByLabel('Compare with the plan as it was at').fill(localInput(moment));
    await page.getByRole('button', { name: 'Compare', exact: true }).click();

    const summary = page.getByTestId('compare-summary');
    await expect.poll(() => summary.textContent()).toBe('3 moved, 0 added, 0 removed; median slip +2 days');
    const ghosts = page.getByRole('img', { name: /at the baseline/ });
    await expect.poll(() => ghosts.count()).toBe(3);
    const names = await ghosts.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.map((n) => n!.replace(/:.*\. /, ': ')).sort()).toEqual([
      'Alpha launch at the baseline: Moved +2 days since the baseline (was live ' + day(8) + ')',
      'Bravo webinar at the baseline: Moved +3 days since the baseline (was live ' + day(12) + ')',
      'Charlie sale at the baseline: Moved −3 days since the baseline (was live ' + day(16) + ')',
    ]);
    expect(await page.locator('.cad-gantt__label', { hasText: 'Delta digest' }).locator('.cad-compare-mark').count()).toBe(0);
    expect(await page.locator('.cad-compare-mark', { hasText: 'Moved +3d' }).count()).toBe(1);
    // The summary shares the toolbar's line: the chart does not move down for it.
    const toolbar = (await page.locator('.cad-toolbar').first().boundingBox())!;
    const line = (await summary.boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(toolbar.y);
    expect(line.y + line.height).toBeLessThanOrEqual(toolbar.y + toolbar.height);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'baselines-gantt-compare-1280');
  });

  it('saves the moment as a named baseline, which the team lists and a comparison by name answers the same', async () => {
    await page.getByRole('button', { name: /Compare with: / }).click();
    await page.getByLabel('Save this moment as a baseline named').fill('Plan before the moves');
    await page.getByRole('button', { name: 'Save as baseline' }).click();
    await page.getByRole('button', { name: 'Compare with: Plan before the moves' }).waitFor();
    await expect.poll(() => page.getByTestId('compare-summary').textContent()).toBe('3 moved, 0 added, 0 removed; median slip +2 days');
    const listed = (await api.call('GET', '/api/baselines', { token: admin.token })).body as Array<{ name: string; at: string }>;
    expect(listed.map((b) => b.name)).toEqual(['Plan before the moves']);
    expect(Math.abs(Date.parse(listed[0]!.at) - moment.getTime())).toBeLessThan(1_000);
  });
  it('marks the changes on a phone: the day list says "Moved +3d", and the old day lists "Was:" with the change in words, axe clean', async () => {
    const saved = ((await api.call('GET', '/api/baselines', { token: admin.token })).body as Array<{ id: string }>)[0]!;
    const phone = (await h.newPage({ width: 390, height: 844 })).page;
    await signIn(phone, owner.email, owner.password);
    await phone.goto(`/?tab=calendar&mode=live&compare=${saved.id}`);
    await expect.poll(() => phone.getByTestId('compare-summary').textContent()).toBe('3 moved, 0 added, 0 removed; median slip +2 days');
    await phone.locator(`[role="gridcell"][data-day="${day(15)}"]`).click();
    const moved = phone.locator('.cad-agenda__row', { hasText: 'Bravo webinar' });
    await expect.poll(() => moved.locator('.cad-compare-mark').textContent()).toBe('Moved +3d');
    await phone.locator(`[role="gridcell"][data-day="${day(12)}"]`).click();
    const was = phone.locator('.cad-agenda__row--then', { hasText: 'Was: Bravo webinar' });
    await expect.poll(() => was.textContent()).toContain(`Moved +3 days since the baseline (was live ${day(12)})`);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'baselines-calendar-compare-390');
    await phone.context().close();
  });

  it('keeps what a saved baseline needs through `cadence-server prune-history`: the same comparison after a month', async () => {
    const saved = ((await api.call('GET', '/api/baselines', { token: admin.token })).body as Array<{ id: string; name: string }>)[0]!;
    // A month passes: the server stops, and every moment it keeps moves a month back together.
    h.server.signal('SIGTERM');
    await h.server.exited;
    const where = { dataDir: h.server.dataDir, ...(h.server.databaseUrl ? { databaseUrl: h.server.databaseUrl } : {}) };
    const { db, pglite } = connect(where);
    let entries: number;
    try {
      await db.raw("UPDATE history_entries SET at = at - interval '30 days'");
      await db.raw("UPDATE baselines SET at = at - interval '30 days', created_at = created_at - interval '30 days'");
      await db.raw("UPDATE campaigns SET created_at = created_at - interval '30 days', updated_at = updated_at - interval '30 days'");
      entries = Number((await db('history_entries').count({ n: '*' }))[0]!.n);
    } finally {
      await db.destroy();
      // PGlite writes its files on close: the command and the restarted server must find the change there.
      if (pglite && !pglite.closed) await pglite.close();
    }
    // The administrator's own command, as docs/operations.md gives it.
    const root = path.resolve(__dirname, '../..');
    const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/server/src/bin.ts', 'prune-history', '--older-than', '7'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: where.dataDir, DATABASE_URL: where.databaseUrl ?? '', LOG_FORMAT: 'json' },
    });
    const removed = Number(/"removed":(\d+)/.exec(out.stdout)?.[1]);
    // The creations, before the baseline, went; the three moves after it stayed.
    expect(removed).toBeGreaterThanOrEqual(4);
    expect(removed).toBeLessThan(entries);

    restarted = await startServerProcess({}, { shareWith: h.server });
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: restarted.url });
    const again = await context.newPage();
    await signIn(again, owner.email, owner.password);
    await again.goto(`/?tab=timeline&compare=${saved.id}`);
    await again.getByRole('button', { name: `Compare with: ${saved.name}` }).waitFor();
    await expect.poll(() => again.getByTestId('compare-summary').textContent(), { timeout: 30_000 }).toBe('3 moved, 0 added, 0 removed; median slip +2 days');
    await context.close();
    // Two server starts and a CLI run: 32 s on a quiet machine, past a minute on a loaded one (a CI run here).
  }, 150_000);
});
