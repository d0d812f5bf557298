import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../packages/server/src/test/api-client';
import { hasChromium } from './support/browser';
import { signIn } from './support/flows';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness';
import { barRuns, hasPoppler, pdfImages, pdfPages } from './support/pdf';

// docs/adr/0033: the browser's print to PDF is the path. A quarter of 300 campaigns prints every
// title whole, the filters, the legend and who printed it, on A4 and Letter, and no bar is cut
// by a page break.
const QUARTER_DAY = '2030-11-15';
const REGIONS = ['Nordic', 'Iberian', 'Benelux', 'Alpine', 'Baltic', 'Andean', 'Pacific', 'Caribbean'];
const THEMES = ['winter webinar series', 'partner newsletter push', 'holiday product showcase', 'end of year customer summit', 'search visibility sprint'];
// Saturated colours only, so the pixel check tells bars from grey text; every seventh runs on two (light blue).
const CHANNELS = [['email'], ['social'], ['content'], ['paid'], ['events'], ['webinars'], ['email', 'social']];
const LEGEND = ['Email', 'Social Media', 'Content', 'Paid Ads', 'Events', 'Webinars', 'Several channels'];
const HEAD_BG: [number, number, number] = [226, 232, 240]; // #e2e8f0, the table head
const BAR_PX = 14;

const day = (base: string, n: number) => {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const gantt = Array.from({ length: 300 }, (_, i) => {
  const start = day('2030-10-01', (i * 7) % 75);
  return {
    title: `${REGIONS[i % REGIONS.length]} ${THEMES[i % THEMES.length]} number ${String(i + 1).padStart(3, '0')}`,
    planning_start_date: start,
    live_date: day(start, 3 + (i % 9)),
    end_date: day(start, 12 + (i % 9)),
    channels: CHANNELS[i % CHANNELS.length]!,
  };
});
// A crowded February 2031: eight campaigns share their days, so the screen's cells say "+N more".
const month = Array.from({ length: 24 }, (_, i) => ({
  title: `February ${THEMES[i % THEMES.length]} for ${REGIONS[i % REGIONS.length]} wave ${i + 1}`,
  planning_start_date: day('2031-02-03', 7 * Math.floor(i / 8)),
  live_date: day('2031-02-03', 7 * Math.floor(i / 8) + 2),
  channels: CHANNELS[i % CHANNELS.length]!,
}));

describe.runIf(hasChromium && hasPoppler)('printing the Calendar and the Gantt to PDF', () => {
  let h: Harness;
  let page: Page;
  const owner = { email: 'printer@example.com', password: 'printing-pass' };
  let printed: string;
  let token: string;
  /** The created campaigns' ids by title. */
  const ids = new Map<string, string>();

  const pdf = async (name: string, options: { format: 'A4' | 'Letter'; landscape?: boolean }) => {
    const file = path.join(tmpdir(), `cadence-print-${name}.pdf`);
    writeFileSync(file, await page.pdf({ ...options, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } }));
    return file;
  };
  /** Opens a view, stubs the browser's print dialog (it would block) and presses Print. */
  /** Opens the view and prints it once `shown` (a title the view holds) is drawn: a busy machine loads it after the toolbar. */
  const printView = async (query: string, shown?: string) => {
    await page.goto(`/${query}`);
    await page.locator('.cad-print-button:enabled').waitFor();
    if (shown) await page.getByText(shown.slice(0, 16)).first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => void (window.print = () => undefined));
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.getByTestId('print-layout').waitFor({ state: 'attached' });
  };

  beforeAll(async () => {
    h = await startHarness();
    const api = apiClient(h.server.url);
    ({ token } = await api.signUpAndIn(owner.email, owner.password));
    const all = [...gantt, ...month];
    for (let i = 0; i < all.length; i += 12) {
      await Promise.all(all.slice(i, i + 12).map(async (body) => {
        const res = await api.call('POST', '/api/campaigns', { token, body });
        if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
        ids.set(body.title, res.body.id);
      }));
    }
    ({ page } = await h.newPage());
    await signIn(page, owner.email, owner.password);
    printed = await page.evaluate(() => {
      const d = new Date();
      const m = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
      return `Printed ${m} ${String(d.getDate()).padStart(2, '0')}, ${d.getFullYear()} by `;
    });
  }, 180_000);
  afterAll(async () => h?.close());

  it('offers a labelled Print button in the Gantt and Calendar toolbars, by keyboard and at 390 px, axe-clean', async () => {
    const phone = await h.newPage({ width: 390, height: 844 });
    await signIn(phone.page, owner.email, owner.password);
    await phone.page.goto(`/?tab=timeline&range=quarter&date=${QUARTER_DAY}`);
    const button = phone.page.getByRole('button', { name: 'Print', exact: true });
    // Enabled once the quarter's campaigns are loaded.
    await phone.page.locator('.cad-print-button:enabled').waitFor();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.page.evaluate(() => void (window.print = () => ((window as unknown as { printed: boolean }).printed = true)));
    await button.focus();
    await phone.page.keyboard.press('Enter');
    expect(await phone.page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page.goto('/?tab=calendar&range=month&date=2031-02-10');
    const calendarButton = phone.page.getByRole('button', { name: 'Print', exact: true });
    await calendarButton.waitFor();
    const calendarBox = (await calendarButton.boundingBox())!;
    expect(calendarBox.x + calendarBox.width).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('prints a quarter Gantt of 300 campaigns on A4 and Letter: every title whole, the header, no bar cut at a page break', { timeout: 240_000 }, async () => {
    await printView(`?tab=timeline&range=quarter&date=${QUARTER_DAY}`);
    // The screen shows a window of the rows; the printout holds all of them.
    expect(await page.locator('.cad-gantt__bar').count()).toBeLessThan(300);
    expect(await page.locator('.cad-print-gantt__row').count()).toBe(300);
    for (const [name, options] of [
      ['a4', { format: 'A4' }],
      ['letter', { format: 'Letter' }],
      ['letter-landscape', { format: 'Letter', landscape: true }],
    ] as const) {
      const file = await pdf(`gantt-${name}`, options);
      const pages = pdfPages(file);
      expect(pages.length, name).toBeGreaterThan(3);
      const text = pages.join(' ');
      expect(text).toContain('Global Calendar — Planning Gantt Chart, Q4 2030');
      expect(text).toContain('Filters: none (all campaigns)');
      expect(text).toContain(`${printed}${owner.email}`);
      for (const label of LEGEND) expect(pages[0], `${name}: legend ${label}`).toContain(label);
      // Every title in full, and each on one page (its row was not broken).
      const missing = gantt.map((c) => c.title).filter((t) => !pages.some((p) => p.includes(t)));
      expect(missing, name).toEqual([]);
      // Every bar whole: one run of bar colour per campaign, each a full bar high.
      const images = pdfImages(file);
      expect(images.length).toBe(pages.length);
      const runs = images.flatMap((img, i) => barRuns(img, HEAD_BG).map(([top, height]) => ({ page: i + 1, top, height })));
      expect(runs.filter((r) => r.height < BAR_PX - 1 || r.height > BAR_PX + 2), name).toEqual([]);
      expect(runs.length, name).toBe(300);
    }
  });

  it('prints with the filters of the view, in words', async () => {
    const kept = gantt.filter((c) => c.channels.length === 1 && ['paid', 'events'].includes(c.channels[0]!));
    await printView(`?tab=timeline&range=quarter&date=${QUARTER_DAY}&channel=paid,events&q=number`, kept[0]!.title);
    const file = await pdf('gantt-filtered', { format: 'A4', landscape: true });
    const text = pdfPages(file).join(' ');
    expect(text).toContain('Filters: Channels: Paid Ads, Events · Search: “number”');
    for (const c of kept) expect(text).toContain(c.title);
    expect(text).not.toContain(gantt.find((c) => c.channels[0] === 'email')!.title);
  });

  it('prints the whole month of the Calendar with every campaign, no "+N more"', async () => {
    await page.goto('/?tab=calendar&range=month&date=2031-02-10');
    await page.getByText(/\+\d+ more campaigns/).first().waitFor();
    await printView('?tab=calendar&range=month&date=2031-02-10');
    const file = await pdf('calendar-a4', { format: 'A4' });
    const pages = pdfPages(file);
    const text = pages.join(' ');
    expect(text).toContain('Global Calendar — Planning Timeline, February 2031');
    expect(text).toContain(`${printed}${owner.email}`);
    expect(text).not.toMatch(/more campaigns/);
    const missing = month.map((c) => c.title).filter((t) => !pages.some((p) => p.includes(t)));
    expect(missing).toEqual([]);
  });

  it('prints the same layout from the browser\'s own print command (Ctrl+P), without the button', async () => {
    await page.goto(`/?tab=timeline&range=quarter&date=${QUARTER_DAY}`);
    await page.locator('.cad-gantt__bar').first().waitFor();
    // The print layout's code loads beside the widget's data (docs/adr/0067): a real Ctrl+P comes later than this.
    await page.waitForLoadState('networkidle');
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const file = await pdf('gantt-ctrl-p', { format: 'A4' });
    await page.emulateMedia({ media: null });
    const pages = pdfPages(file);
    expect(gantt.map((c) => c.title).filter((t) => !pages.some((p) => p.includes(t)))).toEqual([]);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.getByTestId('print-layout').count()).toBe(0);
  });

  // Last: it moves and deletes campaigns the tests above print.
  it('prints the comparison with a saved baseline: the summary line, the old dates in words, the removed campaign', async () => {
    const api = apiClient(h.server.url);
    const baseline = await api.call('POST', '/api/baselines', { token, body: { name: 'Before the slip', at: new Date().toISOString() } });
    expect(baseline.status).toBe(201);
    const [slipped, removed] = [month[0]!, month[1]!];
    expect((await api.call('PATCH', `/api/campaigns/${ids.get(slipped.title)}`, { token, body: { live_date: day(slipped.live_date, 7) } })).status).toBe(200);
    expect((await api.call('DELETE', `/api/campaigns/${ids.get(removed.title)}`, { token })).status).toBeLessThan(300);

    const compared = async (query: string) => {
      await page.goto(`/${query}&compare=${baseline.body.id}`);
      await page.getByTestId('compare-summary').getByText('1 moved, 0 added, 1 removed').waitFor({ timeout: 30_000 });
      await page.evaluate(() => void (window.print = () => undefined));
      await page.getByRole('button', { name: 'Print', exact: true }).click();
      await page.getByTestId('print-layout').waitFor({ state: 'attached' });
    };
    await compared('?tab=timeline&range=quarter&date=2031-02-10');
    const gantt = pdfPages(await pdf('gantt-compared', { format: 'A4', landscape: true })).join(' ');
    expect(gantt).toMatch(/Compared with Before the slip \(.+\): 1 moved, 0 added, 1 removed; median slip \+7 days/);
    expect(gantt).toContain('Moved +7 days · Was:');
    expect(gantt).toContain('Removed since the baseline');
    expect(gantt).toContain(removed.title);

    await compared('?tab=calendar&range=month&date=2031-02-10');
    const calendar = pdfPages(await pdf('calendar-compared', { format: 'A4' })).join(' ');
    expect(calendar).toContain('Compared with Before the slip');
    expect(calendar.match(/Was: /g)?.length).toBe(2);
  });
});
