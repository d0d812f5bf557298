/**
 * Render: Cadence's Calendar month view and Gantt quarter view against react-big-calendar,
 * @toast-ui/calendar and @svar-ui/react-gantt, drawing the same seeded campaigns in the same
 * harness (bench/render/): one esbuild bundle per contender (React included, production,
 * minified), served from 127.0.0.1, loaded in Debian's Chromium at 1600×900 in a fresh
 * browser context per sample, contenders interleaved sample by sample, medians reported.
 */
import type { Browser } from 'playwright-core';
import { buildPages, OUT_DIR, type BuiltPage, type PageName } from '../render/build.js';
import { VIEWPORT, launchChromium, loadOnce, scrollOnce, serveDir, type ScrollResult } from '../render/measure.js';
import type { BenchResult } from '../render/pages/ready.js';
import { campaignListOnce, channelsTabOnce, dashboardFirstLoadOnce, startTeamInstall, type ListScroll } from '../render/team-scale.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite, SuiteContext } from '../lib/types.js';

const SUITE = 'render';
const PEER_NAMES: Partial<Record<PageName, string>> = {
  'rbc-calendar': 'react-big-calendar',
  'toastui-calendar': '@toast-ui/calendar',
  'svar-gantt': '@svar-ui/react-gantt',
};
/** Each Gantt's bar elements, counted at the end of the scroll. */
const GANTT_BAR = { 'cadence-gantt': '.cad-gantt__bar', 'svar-gantt': '.wx-bar' } as const;

const fmtN = (n: number) => n.toLocaleString('en-US');
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

interface Plan {
  samples: number;
  calendarSizes: number[];
  ganttRows: number;
  scrollSteps: number;
  scrollRuns: number;
  /** DOM nodes are read at this calendar size. */
  nodesAt: number;
  /** Campaigns on the team-scale install (the app against the real server, bench/render/team-scale.ts). */
  teamCampaigns: number;
  /** Campaign List scroll: steps of `listStepPx`, one per frame. */
  listSteps: number;
  listStepPx: number;
}

const FULL: Plan = { samples: 5, calendarSizes: [1_000, 5_000], ganttRows: 10_000, scrollSteps: 300, scrollRuns: 5, nodesAt: 1_000, teamCampaigns: 10_000, listSteps: 240, listStepPx: 100 };
const QUICK: Plan = { samples: 1, calendarSizes: [100], ganttRows: 500, scrollSteps: 40, scrollRuns: 1, nodesAt: 100, teamCampaigns: 1_000, listSteps: 40, listStepPx: 100 };

type Samples = Map<PageName, BenchResult[]>;

/**
 * One untimed load per contender and size checks the page draws what it should (and keeps
 * it: the event count half a second later must not have changed), then `samples` rounds of
 * interleaved timed loads.
 */
async function sample(ctx: SuiteContext, browser: Browser, base: string, pages: PageName[], n: number, samples: number): Promise<Samples> {
  const out: Samples = new Map(pages.map((p) => [p, []]));
  for (const page of pages) {
    const check = await loadOnce(browser, `${base}/${page}.html?n=${n}&settle`);
    if (check.events === 0) throw new Error(`${page} drew no events at n=${n}`);
    if (check.eventsLater !== check.events) {
      throw new Error(`${page} was still drawing when it reported ready (n=${n}: ${check.events} then ${check.eventsLater} events)`);
    }
  }
  for (let i = 0; i < samples; i++) {
    // Rotate the order so no contender always goes first after a pause.
    const order = pages.map((_, k) => pages[(k + i) % pages.length]!);
    for (const page of order) out.get(page)!.push(await loadOnce(browser, `${base}/${page}.html?n=${n}`));
  }
  ctx.log(
    `n=${fmtN(n)}: ` +
      pages.map((p) => `${p} ${out.get(p)!.map((r) => Math.round(r.ready)).join('/')} ms`).join(', '),
  );
  return out;
}

const med = (s: Samples, page: PageName, key: 'ready' | 'dom' | 'nodes' | 'events') => median(s.get(page)!.map((r) => r[key]));

function sizesText(built: BuiltPage[], names: PageName[]): string {
  return names
    .map((name) => {
      const b = built.find((x) => x.name === name)!;
      return `${name} ${kb(b.jsBytes)} JS${b.cssBytes ? ` + ${kb(b.cssBytes)} CSS` : ''}`;
    })
    .join(', ');
}

function calendarRows(s: Samples, n: number, plan: Plan, built: BuiltPage[]): BenchRow[] {
  const peers: PageName[] = ['rbc-calendar', 'toastui-calendar'];
  const ours = med(s, 'cadence-calendar', 'ready');
  const fastest = peers.map((p) => ({ p, v: med(s, p, 'ready') })).sort((a, b) => a.v - b.v)[0]!;
  const all: PageName[] = ['cadence-calendar', ...peers];
  const detail =
    `median time to ready: ${all.map((p) => `${p} ${round(med(s, p, 'ready'))} ms (events in DOM at ${round(med(s, p, 'dom'))} ms)`).join(', ')}; ` +
    `${plan.samples} fresh page(s) each; bundles: ${sizesText(built, all)}`;
  const rows: BenchRow[] = [
    {
      suite: SUITE,
      name: `calendar month, ${fmtN(n)} campaigns: time to ready`,
      unit: 'ms',
      ours: round(ours),
      peer: { name: PEER_NAMES[fastest.p]!, value: round(fastest.v) },
      budget: { on: 'ratio', op: '<=', limit: 1.0 },
      detail,
    },
  ];
  if (n === plan.nodesAt) {
    rows.push({
      suite: SUITE,
      name: `calendar month, ${fmtN(n)} campaigns: DOM nodes`,
      unit: 'nodes',
      ours: med(s, 'cadence-calendar', 'nodes'),
      budget: { on: 'value', op: '<=', limit: 1_500 },
      detail:
        `elements in the document once ready; ${all.map((p) => `${p} ${med(s, p, 'nodes')} (${med(s, p, 'events')} event elements)`).join(', ')}`,
    });
  }
  return rows;
}

function ganttRow(s: Samples, n: number, plan: Plan, built: BuiltPage[]): BenchRow {
  const all: PageName[] = ['cadence-gantt', 'svar-gantt'];
  return {
    suite: SUITE,
    name: `gantt quarter, ${fmtN(n)} campaigns: time to ready`,
    unit: 'ms',
    ours: round(med(s, 'cadence-gantt', 'ready')),
    peer: { name: PEER_NAMES['svar-gantt']!, value: round(med(s, 'svar-gantt', 'ready')) },
    budget: { on: 'ratio', op: '<=', limit: 1.0 },
    detail:
      `median time to ready: ${all.map((p) => `${p} ${round(med(s, p, 'ready'))} ms (${med(s, p, 'nodes')} nodes)`).join(', ')}; ` +
      `${plan.samples} fresh page(s) each; bundles: ${sizesText(built, all)}`,
  };
}

/** The longest long task of one scroll, 0 when there was none. */
const longestOf = (run: Pick<ScrollResult, 'longTasks'>) => Math.max(0, ...run.longTasks.map((t) => t.duration));
/** Over all runs. */
const longest = (runs: ScrollResult[]) => Math.max(0, ...runs.map(longestOf));

function scrollRow(ours: ScrollResult[], peer: ScrollResult[], n: number, plan: Plan): BenchRow {
  const describe = (runs: ScrollResult[]) =>
    `longest task per run ${runs.map((r) => round(longestOf(r))).join('/')} ms, ${runs.map((r) => r.longTasks.length).join('/')} long task(s), ` +
    `worst frame ${round(Math.max(...runs.map((r) => r.worstFrame)))} ms, ${round(median(runs.map((r) => r.elapsed / r.steps)))} ms per step, ` +
    `${runs[0]?.barsAtEnd ?? 0} bars drawn at the bottom`;
  return {
    suite: SUITE,
    name: `gantt ${fmtN(n)} rows: longest task while scrolling`,
    unit: 'ms',
    // The median over runs of each run's longest task: a burst from another process on the
    // shared machine hits one run, a slow frame of ours hits every run.
    ours: round(median(ours.map(longestOf))),
    budget: { on: 'value', op: '<=', limit: 50 },
    detail:
      `median over ${plan.scrollRuns} fresh page(s) of the longest task (0 = none over 50 ms) while scrolling top to bottom ` +
      `(${fmtN(Math.round(ours[0]?.distance ?? 0))} px) in ${plan.scrollSteps} steps, one per frame; ` +
      `cadence-gantt: ${describe(ours)}; svar-gantt (same harness, for reference): ${describe(peer)}`,
  };
}

/** The Channels tab, the Campaign List and the dashboard's first load of the real app on the real server (docs/performance.md). */
async function teamScaleRows(ctx: SuiteContext, browser: Browser, plan: Plan): Promise<BenchRow[]> {
  const n = plan.teamCampaigns;
  ctx.log(`team scale: a server on PostgreSQL with ${fmtN(n)} campaigns`);
  const install = await startTeamInstall(ctx.pgAdminUrl, n);
  try {
    const channels = [];
    const lists: ListScroll[] = [];
    const loads = [];
    for (let i = 0; i < plan.samples; i++) {
      channels.push(await channelsTabOnce(browser, install.url));
      lists.push(await campaignListOnce(browser, install.url, plan.listSteps, plan.listStepPx));
      loads.push(await dashboardFirstLoadOnce(browser, install.url));
    }
    ctx.log(
      `channels ${channels.map((c) => `${Math.round(c.ready)} ms/${c.nodes} nodes`).join(', ')}; ` +
        `list ${lists.map((l) => `${Math.round(l.ready)} ms, longest ${round(longestOf(l))} ms`).join(', ')}; ` +
        `first load ${loads.map((l) => `${kb(l.apiBytes)}`).join(', ')}`,
    );
    const listDetail =
      `longest task per run ${lists.map((l) => round(longestOf(l))).join('/')} ms, ${lists.map((l) => l.longTasks.length).join('/')} long task(s), ` +
      `worst frame ${round(Math.max(...lists.map((l) => l.worstFrame)))} ms; scrolled ${fmtN(Math.round(lists[0]?.distance ?? 0))} px in ${plan.listSteps} steps, one per frame; ` +
      `${lists[0]?.requests ?? 0} list requests (pages of 30) and ${lists[0]?.cardsDrawn ?? 0} cards drawn at the end`;
    const first = loads[0]!;
    const where = `the app served by the built server on PostgreSQL, ${fmtN(n)} campaigns, admin, Chromium ${VIEWPORT.width}×${VIEWPORT.height}, ${plan.samples} fresh context(s)`;
    return [
      {
        suite: SUITE,
        name: `channels tab, ${fmtN(n)} campaigns: time to ready`,
        unit: 'ms',
        ours: round(median(channels.map((c) => c.ready))),
        budget: { on: 'value', op: '<=', limit: 300 },
        detail: `from the click on the tab to the frame with all 12 cards, their counts (stats route) and first rows; per sample ${channels.map((c) => Math.round(c.ready)).join('/')} ms; ${where}`,
      },
      {
        suite: SUITE,
        name: `channels tab, ${fmtN(n)} campaigns: DOM nodes`,
        unit: 'nodes',
        ours: median(channels.map((c) => c.nodes)),
        budget: { on: 'value', op: '<=', limit: 3_000 },
        detail: `elements in the whole document (app shell included) once the tab is ready; ${where}`,
      },
      {
        suite: SUITE,
        name: `campaign list, ${fmtN(n)} campaigns: time to ready`,
        unit: 'ms',
        ours: round(median(lists.map((l) => l.ready))),
        budget: { on: 'value', op: '<=', limit: 300 },
        detail: `from the click on the tab to the frame with the first cards (one page of 30 read); budget: the Channels tab's; per sample ${lists.map((l) => Math.round(l.ready)).join('/')} ms; ${where}`,
      },
      {
        suite: SUITE,
        name: `campaign list, ${fmtN(n)} campaigns: longest task while scrolling`,
        unit: 'ms',
        ours: round(median(lists.map(longestOf))),
        budget: { on: 'value', op: '<=', limit: 50 },
        detail: `median over runs of the longest task (0 = none over 50 ms); ${listDetail}; ${where}`,
      },
      {
        suite: SUITE,
        name: `dashboard first load, ${fmtN(n)} campaigns: API JSON`,
        unit: 'kB',
        ours: round(median(loads.map((l) => l.apiBytes)) / 1024),
        budget: { on: 'value', op: '<=', limit: 1024 },
        detail: `decoded bodies of every /api/ answer from navigation to network idle (default tab); first sample: ${first.requests.map((r) => `${r.url} ${kb(r.bytes)}`).join(', ')}; ${where}`,
      },
    ];
  } finally {
    await install.close();
  }
}

export const renderSuite: Suite = {
  name: SUITE,
  description:
    'Calendar month view (1,000 and 5,000 campaigns) vs react-big-calendar and @toast-ui/calendar, Gantt quarter (10,000 rows) vs @svar-ui/react-gantt, and the app on the real server with 10,000 campaigns (Channels tab, Campaign List, dashboard first load), in Chromium',
  async run(ctx) {
    const plan = ctx.quick ? QUICK : FULL;
    ctx.log('bundling the pages (esbuild, production, minified)');
    const built = await buildPages();
    const server = await serveDir(OUT_DIR);
    const browser = await launchChromium();
    try {
      const rows: BenchRow[] = [];
      const calendarPages: PageName[] = ['cadence-calendar', 'rbc-calendar', 'toastui-calendar'];
      for (const n of plan.calendarSizes) {
        const s = await sample(ctx, browser, server.url, calendarPages, n, plan.samples);
        rows.push(...calendarRows(s, n, plan, built));
      }
      const g = await sample(ctx, browser, server.url, ['cadence-gantt', 'svar-gantt'], plan.ganttRows, plan.samples);
      rows.push(ganttRow(g, plan.ganttRows, plan, built));
      const ours: ScrollResult[] = [];
      const peer: ScrollResult[] = [];
      for (let i = 0; i < plan.scrollRuns; i++) {
        ours.push(await scrollOnce(browser, `${server.url}/cadence-gantt.html?n=${plan.ganttRows}`, GANTT_BAR['cadence-gantt'], plan.scrollSteps));
        peer.push(await scrollOnce(browser, `${server.url}/svar-gantt.html?n=${plan.ganttRows}`, GANTT_BAR['svar-gantt'], plan.scrollSteps));
      }
      ctx.log(`scroll: cadence longest ${round(longest(ours))} ms, svar longest ${round(longest(peer))} ms`);
      rows.push(scrollRow(ours, peer, plan.ganttRows, plan));
      rows.push(...(await teamScaleRows(ctx, browser, plan)));
      return rows;
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
