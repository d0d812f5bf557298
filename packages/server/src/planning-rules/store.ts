import {
  RULE_WARNINGS_HEADER,
  blockingViolations,
  checkPlacement,
  conflictFilterIds,
  conflictFilterRange,
  conflictsIn,
  dayFromNumber,
  dayNumber,
  needsRuleCheck,
  planningIndex,
  ruleDescription,
  ruleRefusal,
  rulesWindow,
  workingCalendar,
  type Channel,
  type DateRange,
  type PlannedCampaign,
  type PlanningRule,
  type PlanningRuleRecord,
  type RuleViolation,
  type RulesCalendar,
  type Weekday,
  type Ymd,
} from '@cadence/core';
import type { Knex } from 'knex';
import { AppError } from '../errors';
import type { Ctx } from '../http/authenticate';
import { iso } from '../data/present';
import { loadWorkingCalendarData } from '../working-calendar/load';

/**
 * Planning rules on the server (docs/adr/0062-planning-rules.md): reading them, and the one gate
 * every campaign write asks (create, PATCH, import, template apply, re-planning, history revert,
 * go-live), beside the go-live gate of approvals/store.ts. Core judges; this reads what it needs.
 */

const COLUMNS = ['id', 'kind', 'severity', 'limit', 'period', 'channel', 'audience', 'gap_days', 'name', 'created_at', 'updated_at', 'version'] as const;

/** A stored rule as the API answers it: its columns, ISO stamps and the rule in words. */
export function presentRule(raw: Record<string, unknown>): PlanningRuleRecord {
  const rule = {
    id: String(raw.id),
    kind: raw.kind as PlanningRuleRecord['kind'],
    severity: raw.severity as PlanningRuleRecord['severity'],
    limit: raw.limit == null ? null : Number(raw.limit),
    period: (raw.period as PlanningRuleRecord['period']) ?? null,
    channel: (raw.channel as Channel | null) ?? null,
    audience: (raw.audience as string | null) ?? null,
    gap_days: raw.gap_days == null ? null : Number(raw.gap_days),
    name: (raw.name as string | null) ?? null,
    created_at: iso(raw.created_at as Date | string)!,
    updated_at: iso(raw.updated_at as Date | string)!,
    version: Number(raw.version),
  };
  return { ...rule, description: ruleDescription(rule) };
}

/** Every rule, oldest first (the order Settings lists them and a verdict names them in). */
export async function loadPlanningRules(db: Knex): Promise<PlanningRuleRecord[]> {
  const rows = await db('planning_rules').select(COLUMNS.map((c) => `planning_rules.${c}`)).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(presentRule);
}

/** The working calendar over a window, with the closed days' labels for the messages. */
export async function rulesCalendar(db: Knex, window: DateRange): Promise<RulesCalendar> {
  const data = await loadWorkingCalendarData(db, window);
  return { ...workingCalendar(data.closed_days.map((d) => d.day), data.weekend as Weekday[]), labels: new Map(data.closed_days.map((d) => [d.day, d.label])) };
}

export interface PlanRow extends PlannedCampaign {
  readonly title: string;
}

/** Every campaign going live in the window (null: every campaign), with what the rules read: one indexed range read. */
export async function loadPlan(db: Knex, window: DateRange | null, options: { except?: string | undefined } = {}): Promise<PlanRow[]> {
  const q = db('campaigns').select('id', 'title', db.raw('live_date::text AS live_date'), 'channels', 'audiences', 'owner_id', 'owner');
  if (window) q.whereBetween('live_date', [window.from, window.to]);
  if (options.except) q.whereNot('id', options.except);
  return (await q) as PlanRow[];
}

const YEAR_DATE = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

/**
 * The campaigns `conflicts=1` keeps for a list's window (core's conflictFilterIds): judged over
 * every campaign going live within the rules' reach of the window, or over all of them when the
 * window is open on a side.
 */
export async function conflictFilterIdsFor(db: Knex, window: { from?: Ymd | undefined; to?: Ymd | undefined }): Promise<Set<string>> {
  const rules = await loadPlanningRules(db);
  if (!rules.length) return new Set();
  const reach = window.from !== undefined && window.to !== undefined ? rulesWindow(rules, conflictFilterRange(window)) : null;
  // A reach past the years PostgreSQL's dates take reads every campaign instead.
  const plan = await loadPlan(db, reach && YEAR_DATE.test(reach.from) && YEAR_DATE.test(reach.to) ? reach : null);
  if (!plan.length) return new Set();
  let from = plan[0]!.live_date;
  let to = from;
  for (const c of plan) {
    if (c.live_date < from) from = c.live_date;
    if (c.live_date > to) to = c.live_date;
  }
  return conflictFilterIds(plan, rules, await rulesCalendar(db, { from, to }), window);
}

/** Around one day: the rules' widest reach either side (a week, the largest gap). */
function windowAround(rules: readonly PlanningRule[], from: Ymd, to: Ymd = from): DateRange {
  return rulesWindow(rules, { from, to });
}

/**
 * A write's warnings back in `X-Rule-Warnings` (JSON, non-ASCII escaped: header values are
 * Latin-1), at most 50 of them so the header stays small.
 */
export function answerWarnings(ctx: Ctx | undefined, warnings: readonly RuleViolation[]): void {
  if (!ctx || !warnings.length) return;
  const json = JSON.stringify(warnings.slice(0, 50)).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  ctx.set(RULE_WARNINGS_HEADER, json);
}

export const ruleBlocked = (message: string, details: Array<{ path: string; message: string }>) => new AppError(409, 'rule_blocked', message, details);

/**
 * Writes that a blocking rule judges take turns: without it two writes could each read the plan
 * before the other saved, each pass, and together break a limit. A transaction-scoped advisory lock,
 * taken before the plan is read, so the second reads the first's campaign (READ COMMITTED reads
 * anew at each statement) and is refused; it is released at commit or rollback. Only when a rule
 * blocks: a warning may be joined by a concurrent write, and the Conflicts list shows that.
 * `db` must be the write's transaction; outside one the lock would end with its own statement.
 */
const PLANNING_LOCK = 'cadence.planning-rules';
async function takeTurnsIfBlocking(db: Knex, rules: readonly PlanningRule[]): Promise<void> {
  if (!rules.some((r) => r.severity === 'block')) return;
  if (!db.isTransaction) return;
  await db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [PLANNING_LOCK]);
}

type GateRow = Partial<PlannedCampaign> & { id?: string | undefined; status?: unknown; live_date?: unknown };

const toPlanned = (c: GateRow, id: string): PlannedCampaign & { status?: string } => ({
  id,
  live_date: String(c.live_date).slice(0, 10),
  channels: (c.channels ?? []) as Channel[],
  audiences: (c.audiences ?? []) as string[],
  owner_id: (c.owner_id as string | null | undefined) ?? null,
  owner: (c.owner as string | null | undefined) ?? null,
  ...(typeof c.status === 'string' ? { status: c.status } : {}),
});

/**
 * The planning rules' gate for one campaign (`before`: as stored, null for a new one; `after`: as
 * it would be). A write that places it anew (a new go-live, channels, audiences or owner) or
 * makes it Live, and breaks a blocking rule, is a 409 `rule_blocked` naming the rule, and nothing
 * is saved (the caller's transaction rolls back); the rules it breaks that warn go back in
 * `X-Rule-Warnings`. A write that changes nothing the rules read passes unjudged.
 */
export async function planningGate(db: Knex, before: GateRow | null, after: GateRow, ctx?: Ctx): Promise<RuleViolation[]> {
  const id = String(before?.id ?? after.id ?? 'new');
  const next = toPlanned(after, id);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(next.live_date)) return [];
  if (before && !needsRuleCheck(toPlanned(before, id), next)) return [];
  const rules = await loadPlanningRules(db);
  if (!rules.length) return [];
  await takeTurnsIfBlocking(db, rules);
  const window = windowAround(rules, next.live_date);
  const [plan, calendar] = await Promise.all([loadPlan(db, window, { except: before?.id ?? after.id }), rulesCalendar(db, window)]);
  const found = checkPlacement(next, planningIndex(plan), rules, calendar);
  const blocks = blockingViolations(found);
  if (blocks.length) {
    const { message, details } = ruleRefusal(blocks, rules);
    throw ruleBlocked(message, details);
  }
  answerWarnings(ctx, found);
  return found;
}

/**
 * The gate for many new campaigns at once (an import, a template's campaigns): judged together
 * with the stored plan and with one another, so a file of three e-mail sends on one day breaks a
 * limit of two. The 409 names the first line (`lines`, else its place from 1) and how many more.
 */
export async function planningGateMany(
  db: Knex,
  rows: ReadonlyArray<GateRow & { title?: unknown }>,
  lines: readonly number[] = [],
  ctx?: Ctx,
): Promise<RuleViolation[]> {
  if (!rows.length) return [];
  const rules = await loadPlanningRules(db);
  if (!rules.length) return [];
  await takeTurnsIfBlocking(db, rules);
  const placed = rows.map((r, i) => toPlanned(r, `new:${i}`)).filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.live_date));
  if (!placed.length) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of placed) {
    const n = dayNumber(r.live_date);
    if (n < lo) lo = n;
    if (n > hi) hi = n;
  }
  const range = { from: dayFromNumber(lo), to: dayFromNumber(hi) };
  const window = rulesWindow(rules, range);
  const [stored, calendar] = await Promise.all([loadPlan(db, window), rulesCalendar(db, window)]);
  const found = conflictsIn([...stored, ...placed], rules, calendar, range).filter((v) => v.campaign_ids.some((id) => id.startsWith('new:')));
  const blocks = blockingViolations(found);
  if (blocks.length) {
    const byRow = new Map<number, RuleViolation[]>();
    for (const v of blocks) {
      const first = Math.min(...v.campaign_ids.filter((id) => id.startsWith('new:')).map((id) => Number(id.slice(4))));
      byRow.set(first, [...(byRow.get(first) ?? []), v]);
    }
    const [firstRow] = [...byRow.keys()].sort((a, b) => a - b);
    const line = lines[firstRow!] ?? firstRow! + 1;
    const { message, details } = ruleRefusal(byRow.get(firstRow!)!, rules, { line, title: String(rows[firstRow!]!.title ?? ''), more: byRow.size - 1 });
    const all = [...byRow].sort(([a], [b]) => a - b).flatMap(([i, vs]) => ruleRefusal(vs, rules, { line: lines[i] ?? i + 1, title: String(rows[i]!.title ?? ''), more: 0 }).details);
    throw ruleBlocked(message, details.length === all.length ? details : all);
  }
  // New rows have no ids yet: their warnings name stored campaigns by id and the file's by `new:<row>`.
  answerWarnings(ctx, found);
  return found;
}
