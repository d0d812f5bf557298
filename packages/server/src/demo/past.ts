import { addDays } from '@cadence/core';

/*
 * The demo's past (docs/adr/0064): six weeks of the changes that led to today's demo campaigns,
 * worked out backwards from them. Pure: the seed replays these events through the ordinary write
 * paths (demo/history.ts), and its test rebuilds a past plan from the entries they leave.
 */

/** Who made a change: the demo's administrator, or its second account (which plans content and website campaigns). */
export type DemoActor = 'admin' | 'viewer';

/** The fields of a campaign the past changes: its dates and its status. */
export interface PlanFields {
  planning_start_date: string;
  live_date: string;
  end_date: string | null;
  status: string;
}

/** A demo campaign as it is today (the end state), and who created it. */
export interface FinalCampaign extends PlanFields {
  title: string;
  /** Its main channel (the first of `channels`). */
  channel: string;
  by: DemoActor;
}

export type PastEvent =
  | { kind: 'import'; at: Date; by: DemoActor; titles: string[] }
  | { kind: 'create'; at: Date; by: DemoActor; title: string }
  | { kind: 'update'; at: Date; by: DemoActor; title: string; patch: Partial<PlanFields> }
  /** Puts back the campaign's latest update, as Revert on its History tab does. */
  | { kind: 'revert'; at: Date; by: DemoActor; title: string };

export interface DemoPast {
  /** Oldest first, each strictly later than the one before. */
  events: PastEvent[];
  /** Each campaign's fields when it was created or imported. */
  initial: Map<string, PlanFields>;
}

/** The saved baseline the demo offers to compare with, four weeks before its day. */
export const DEMO_BASELINE = { name: 'Plan as of 4 weeks ago', daysAgo: 28 } as const;

/** How far back the demo's history goes. */
export const DEMO_PAST_DAYS = 42;

/** The demo's imported file: the paid and events channels' campaigns, five weeks ago. */
const IMPORTED_CHANNELS = new Set(['paid', 'events']);
const IMPORT_DAYS_AGO = 35;
/** The campaign an administrator moved by mistake and its planner put back. */
export const DEMO_REVERTED = 'Buyer guide e-book';

/** Days each campaign's first move shifts it by (a drag on the calendar), by index. */
const SHIFTS = [3, -2, 7, 5, -4, 14, 2, -7];

const shift = (f: PlanFields, days: number): Partial<PlanFields> => ({
  planning_start_date: addDays(f.planning_start_date, days),
  live_date: addDays(f.live_date, days),
  ...(f.end_date ? { end_date: addDays(f.end_date, days) } : {}),
});

/** The status changes that end at `status`, from planning. */
function statusSteps(status: string): string[] {
  if (status === 'completed') return ['live', 'completed'];
  return status === 'planning' ? [] : [status];
}

/** `day` at `minutes` past midnight UTC. */
const moment = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000);

/** A weekend moment moved back to the Friday before, so the demo's people work weekdays. */
function onWeekday(at: Date): Date {
  const dow = at.getUTCDay();
  const back = dow === 6 ? 1 : dow === 0 ? 2 : 0;
  return new Date(at.getTime() - back * 86_400_000);
}

/** The moment the demo's baseline names: noon UTC, four weeks before `today`. */
export function demoBaselineAt(today: string): Date {
  return moment(addDays(today, -DEMO_BASELINE.daysAgo), 12 * 60);
}

/**
 * The changes that lead to `campaigns` as they are on `today`: most created one by one over six
 * weeks, the paid and events ones imported from a file; then moved (whole-range drags, and some
 * live dates nudged), their statuses advanced, and one bad move reverted, all before `today`.
 */
export function demoPast(campaigns: readonly FinalCampaign[], today: string): DemoPast {
  const raw: Array<PastEvent & { order: number }> = [];
  const initial = new Map<string, PlanFields>();
  let order = 0;
  const add = (e: PastEvent) => raw.push({ ...e, order: order++ });
  const day = (daysAgo: number) => addDays(today, -daysAgo);

  const imported = campaigns.filter((c) => IMPORTED_CHANNELS.has(c.channel));
  const created = campaigns.filter((c) => !IMPORTED_CHANNELS.has(c.channel));
  const importedAt = moment(day(IMPORT_DAYS_AGO), 9 * 60 + 40);
  add({ kind: 'import', at: importedAt, by: 'admin', titles: imported.map((c) => c.title) });

  campaigns.forEach((c, i) => {
    const j = created.indexOf(c);
    // Created from six weeks ago to last week, one every day or so, in working hours.
    const createdAt = j < 0 ? importedAt : moment(day(DEMO_PAST_DAYS - Math.round((j * (DEMO_PAST_DAYS - 8)) / Math.max(1, created.length - 1))), 9 * 60 + ((j * 37) % 480));
    if (j >= 0) add({ kind: 'create', at: createdAt, by: c.by, title: c.title });

    // What happened since, oldest first, each a patch of the fields then; worked out forwards
    // from a start that is today's fields with every change taken back.
    const steps: Array<(f: PlanFields) => Partial<PlanFields>> = [];
    const moves = i % 3 !== 1;
    const d = SHIFTS[i % SHIFTS.length]!;
    if (moves) steps.push((f) => shift(f, d));
    const statuses = statusSteps(c.status);
    if (statuses[0]) steps.push(() => ({ status: statuses[0]! }));
    // Some live dates were nudged by two days after the first move (the go-live slipped).
    const nudged = moves && i % 6 === 0;
    if (nudged) steps.push((f) => ({ live_date: addDays(f.live_date, 2) }));
    if (statuses[1]) steps.push(() => ({ status: statuses[1]! }));

    const start: PlanFields = {
      planning_start_date: addDays(c.planning_start_date, moves ? -d : 0),
      live_date: addDays(c.live_date, (moves ? -d : 0) - (nudged ? 2 : 0)),
      end_date: c.end_date && moves ? addDays(c.end_date, -d) : c.end_date,
      status: 'planning',
    };
    initial.set(c.title, start);

    // Spread between the creation and yesterday (the reverted one's settle before its bad move).
    const until = Date.parse(`${day(c.title === DEMO_REVERTED ? 8 : 1)}T00:00:00Z`);
    const spanDays = Math.max(0, Math.floor((until - createdAt.getTime()) / 86_400_000));
    let fields = start;
    let after = 0;
    steps.forEach((step, n) => {
      const patch = step(fields);
      fields = { ...fields, ...patch };
      // A day or more after the change before it, so each campaign's changes keep their order.
      after = Math.max(after + 1, Math.round((spanDays * (n + 1)) / (steps.length + 1)));
      const created = createdAt.toISOString().slice(0, 10);
      add({ kind: 'update', at: moment(addDays(created, after), 10 * 60 + ((i * 53 + n * 97) % 420)), by: c.by, title: c.title, patch });
    });
  });

  const reverted = campaigns.find((c) => c.title === DEMO_REVERTED);
  if (reverted) {
    // The administrator drags it a week late by mistake; its planner reverts that the next morning.
    add({ kind: 'update', at: moment(day(6), 15 * 60 + 10), by: 'admin', title: reverted.title, patch: shift(reverted, 7) });
    add({ kind: 'revert', at: moment(day(5), 9 * 60 + 25), by: reverted.by, title: reverted.title });
  }

  // Oldest first; weekend moments go back to the Friday (which keeps their order), and a moment
  // no later than the one before is put a few minutes after it, so entries' ids and times agree.
  raw.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  const events: PastEvent[] = [];
  let last = 0;
  for (const { order: _order, ...e } of raw) {
    let at = onWeekday(e.at).getTime();
    if (at <= last) at = last + 7 * 60_000;
    last = at;
    events.push({ ...e, at: new Date(at) });
  }
  return { events, initial };
}

/** Each campaign's fields at `at`, by the events: the plan a baseline at that moment shows (absent: not created yet). */
export function planAt(past: DemoPast, at: Date): Map<string, PlanFields> {
  const plan = new Map<string, PlanFields>();
  const previous = new Map<string, PlanFields[]>();
  for (const e of past.events) {
    if (e.at > at) break;
    if (e.kind === 'import') for (const t of e.titles) plan.set(t, past.initial.get(t)!);
    else if (e.kind === 'create') plan.set(e.title, past.initial.get(e.title)!);
    else if (e.kind === 'update') {
      previous.set(e.title, [...(previous.get(e.title) ?? []), plan.get(e.title)!]);
      plan.set(e.title, { ...plan.get(e.title)!, ...e.patch });
    } else {
      const before = previous.get(e.title)!.pop()!;
      plan.set(e.title, before);
    }
  }
  return plan;
}
