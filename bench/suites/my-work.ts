/**
 * My work at team scale (issue 32): 10,000 tasks across 2,000 campaigns, all the signed-in
 * administrator's, in the real SPA on the built server on PostgreSQL (bench/render/my-work.ts).
 */
import { launchChromium, VIEWPORT } from '../render/measure.js';
import { myWorkOnce, seedMyTasks, type MyWorkRun } from '../render/my-work.js';
import { startTeamInstall } from '../render/team-scale.js';
import { median, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const SUITE = 'mywork';
const FULL = { samples: 5, campaigns: 2_000, perCampaign: 5, loaded: 500, steps: 240, stepPx: 100 };
const QUICK = { samples: 1, campaigns: 400, perCampaign: 5, loaded: 150, steps: 40, stepPx: 100 };

const longestOf = (r: MyWorkRun) => Math.max(0, ...r.longTasks.map((t) => t.duration));
const fmtN = (n: number) => n.toLocaleString('en-US');

export const myWorkSuite: Suite = {
  name: SUITE,
  description: 'My work with 10,000 tasks across 2,000 campaigns: time to ready from the side bar link, and the longest task while scrolling, in Chromium',
  async run(ctx) {
    const plan = ctx.quick ? QUICK : FULL;
    ctx.log(`a server on PostgreSQL with ${fmtN(plan.campaigns)} campaigns`);
    const install = await startTeamInstall(ctx.pgAdminUrl, plan.campaigns);
    const browser = await launchChromium();
    try {
      const tasks = await seedMyTasks(install.databaseUrl, plan.perCampaign);
      ctx.log(`${fmtN(tasks)} tasks assigned to the administrator`);
      const runs: MyWorkRun[] = [];
      for (let i = 0; i < plan.samples; i++) runs.push(await myWorkOnce(browser, install.url, plan.loaded, plan.steps, plan.stepPx));
      ctx.log(`first run fetched: ${runs[0]!.fetched.map((f) => `${f.name} ${f.start}–${f.end} ms`).join(', ')}`);
      ctx.log(`ready ${runs.map((r) => Math.round(r.ready)).join('/')} ms; longest scroll task ${runs.map((r) => round(longestOf(r))).join('/')} ms`);
      const where = `the app served by the built server on PostgreSQL, ${fmtN(plan.campaigns)} campaigns, ${fmtN(tasks)} tasks all the admin's, Chromium ${VIEWPORT.width}×${VIEWPORT.height}, ${plan.samples} fresh context(s)`;
      const first = runs[0]!;
      return [
        {
          suite: SUITE,
          name: `my work, ${fmtN(tasks)} tasks: time to ready`,
          unit: 'ms',
          ours: round(median(runs.map((r) => r.ready))),
          budget: { on: 'value', op: '<=', limit: 300 },
          detail: `from the click on the side bar's My work link (route code loaded on demand) to the frame with the first ${first.firstRows} tasks (first run fetched ${first.fetched.map((f) => `${f.name} ${f.start}–${f.end} ms`).join(', ')}); per sample ${runs.map((r) => Math.round(r.ready)).join('/')} ms; ${where}`,
        },
        {
          suite: SUITE,
          name: `my work, ${fmtN(tasks)} tasks: longest task while scrolling`,
          unit: 'ms',
          ours: round(median(runs.map(longestOf))),
          budget: { on: 'value', op: '<=', limit: 50 },
          detail:
            `median over runs of the longest task (0 = none over 50 ms) scrolling ${first.loaded} loaded tasks (${first.loadMoreClicks} clicks on Load more) ${first.steps} steps of ${plan.stepPx} px, one per frame; ` +
            `per run ${runs.map((r) => round(longestOf(r))).join('/')} ms, worst frame ${round(Math.max(...runs.map((r) => r.worstFrame)))} ms; ${where}`,
        },
      ];
    } finally {
      await browser.close();
      await install.close();
    }
  },
};
