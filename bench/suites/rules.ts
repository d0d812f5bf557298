/**
 * `rules`: the planning rules (docs/adr/0062) judging a plan in Node, as the server does for
 * `GET /api/conflicts` and the browser for badges and the Conflicts filter: a quarter of 10,000
 * campaigns under five rules (one of each kind), budget ≤ 100 ms median; and one drag step, a
 * campaign placed on each day of a month of 1,000 campaigns through `checkPlacement` over an
 * index built once (for information: the warning of a day entered must fit in a frame).
 */
import {
  addDays,
  checkPlacement,
  conflictsIn,
  planningIndex,
  workingCalendar,
  CHANNEL_VALUES,
  type PlannedCampaign,
  type PlanningRule,
} from '../../packages/core/src/index.js';
import { median, quantile, round } from '../lib/stats.js';
import type { BenchRow, Suite } from '../lib/types.js';

const AUDIENCES = ['Customers', 'Partners', 'CFOs', 'Developers', 'Prospects', 'Press', 'Employees', 'Students'];
const OWNERS = Array.from({ length: 60 }, (_, i) => `Owner ${i}`);

/** A deterministic plan: `n` campaigns over `days` days from `from`, one to three channels and audiences each. */
function plan(n: number, from: string, days: number): PlannedCampaign[] {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    live_date: addDays(from, Math.floor(rnd() * days)),
    channels: [...new Set([CHANNEL_VALUES[Math.floor(rnd() * 12)]!, CHANNEL_VALUES[Math.floor(rnd() * 12)]!])],
    audiences: [...new Set([AUDIENCES[Math.floor(rnd() * AUDIENCES.length)]!, AUDIENCES[Math.floor(rnd() * AUDIENCES.length)]!])],
    owner_id: null,
    owner: OWNERS[Math.floor(rnd() * OWNERS.length)]!,
  }));
}

const rule = (r: Partial<PlanningRule> & Pick<PlanningRule, 'id' | 'kind'>): PlanningRule => ({ severity: 'warn', limit: null, period: null, channel: null, audience: null, gap_days: null, ...r });
const RULES: PlanningRule[] = [
  rule({ id: 'r1', kind: 'channel_load', limit: 12, period: 'week' }),
  rule({ id: 'r2', kind: 'audience_load', channel: 'email', audience: 'Customers', limit: 3, period: 'week', severity: 'block' }),
  rule({ id: 'r3', kind: 'owner_load', limit: 4, period: 'week' }),
  rule({ id: 'r4', kind: 'non_working', severity: 'block' }),
  rule({ id: 'r5', kind: 'min_gap', channel: 'email', gap_days: 3 }),
];

export const rulesSuite: Suite = {
  name: 'rules',
  description: 'planning rules: a quarter of 10,000 campaigns judged (≤ 100 ms); a drag step over a month of 1,000',
  async run(ctx) {
    const runs = ctx.quick ? 5 : 25;
    const cal = workingCalendar(['2027-01-01', '2027-04-02']);
    const quarter = plan(10_000, '2027-01-01', 90);
    const range = { from: '2027-01-01', to: '2027-03-31' };
    conflictsIn(quarter, RULES, cal, range); // warm-up
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      found = conflictsIn(quarter, RULES, cal, range).length;
      times.push(performance.now() - t0);
    }
    const month = plan(1_000, '2027-03-01', 31);
    const dragged = month[0]!;
    const steps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const index = planningIndex(month); // once per drag
      for (let d = 0; d < 31; d++) {
        const t0 = performance.now();
        checkPlacement({ ...dragged, live_date: addDays('2027-03-01', d) }, index, RULES, cal);
        steps.push(performance.now() - t0);
      }
    }
    const index: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      planningIndex(month);
      index.push(performance.now() - t0);
    }
    const rows: BenchRow[] = [
      {
        suite: 'rules', name: 'quarter of 10,000 campaigns, 5 rules', unit: 'ms', ours: round(median(times), 1),
        budget: { on: 'value', op: '<=', limit: 100 },
        detail: `${runs} runs, p95 ${round(quantile(times, 0.95), 1)} ms; ${found} conflicts`,
      },
      {
        suite: 'rules', name: 'drag step: a day entered, month of 1,000', unit: 'ms', ours: round(median(steps), 3),
        detail: `${steps.length} days entered, p95 ${round(quantile(steps, 0.95), 3)} ms; the index, built once per drag: ${round(median(index), 2)} ms`,
      },
    ];
    return rows;
  },
};
