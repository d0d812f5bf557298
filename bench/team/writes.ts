/**
 * The `team` suite's writer: a seeded mix of creates, edits, moves and deletes, most of them on
 * campaigns in or near the window the dashboards show (a team edits what it is planning now),
 * some anywhere. Pure: the model of the rows is the caller's, so the plan is tested on its own.
 */
import type { Campaign, CampaignQueryFields } from '../../packages/core/src/index.js';
import { writeTitle, type WriteExpectation } from './consistency.js';

export type Row = Pick<Campaign, 'id' | 'title'> & CampaignQueryFields;

export type PlannedWrite =
  | { kind: 'create'; body: Record<string, unknown>; expect: WriteExpectation }
  | { kind: 'update' | 'move'; id: string; patch: Record<string, unknown>; expect: WriteExpectation }
  | { kind: 'delete'; id: string; expect: WriteExpectation };

const STATUSES = ['planning', 'in-progress', 'live', 'completed'] as const;
const CHANNELS = ['email', 'social', 'content', 'paid', 'events', 'webinars', 'seo', 'pr', 'website'] as const;

export const addDays = (ymd: string, days: number): string => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface WritePool {
  /** Rows the writer may edit, move or delete (it never touches one it deleted). */
  rows: Row[];
  /** Indexes into `rows` of those near the dashboards' window. */
  near: number[];
}

/** Which seeded rows lie within `margin` days of the window, so most writes land where dashboards look. */
export function poolOf(rows: Row[], window: { from: string; to: string }, margin = 31): WritePool {
  const from = addDays(window.from, -margin);
  const to = addDays(window.to, margin);
  const near = rows.flatMap((r, i) => (r.live_date >= from && r.live_date <= to ? [i] : []));
  return { rows, near };
}

/** Write `k`: 25 % creates, 35 % edits (title, status), 25 % moves (±1–20 days), 15 % deletes. */
export function planWrite(k: number, rnd: () => number, pool: WritePool, window: { from: string; to: string }): PlannedWrite {
  const pickIndex = (): number => {
    const live = pool.near.filter((i) => pool.rows[i] !== undefined);
    pool.near = live;
    if (live.length && rnd() < 0.7) return live[Math.floor(rnd() * live.length)]!;
    for (;;) {
      const i = Math.floor(rnd() * pool.rows.length);
      if (pool.rows[i]) return i;
    }
  };
  const roll = rnd();
  if (roll < 0.25) {
    const span = Math.floor(rnd() * 14);
    const start = addDays(window.from, Math.floor(rnd() * 40) - 5);
    const body = {
      title: writeTitle(k, 'created'),
      planning_start_date: start,
      live_date: addDays(start, span),
      end_date: addDays(start, span + Math.floor(rnd() * 10)),
      channels: [CHANNELS[Math.floor(rnd() * CHANNELS.length)]!],
    };
    const fields: CampaignQueryFields = { planning_start_date: body.planning_start_date, live_date: body.live_date, end_date: body.end_date, channels: body.channels, status: 'planning', scope: 'global' };
    return { kind: 'create', body, expect: { k, op: 'insert', title: body.title, fields } };
  }
  const i = pickIndex();
  const row = pool.rows[i]!;
  if (roll < 0.85) {
    const move = roll >= 0.6;
    const shift = (1 + Math.floor(rnd() * 20)) * (rnd() < 0.5 ? -1 : 1);
    const title = writeTitle(k, move ? 'moved' : 'edited');
    const patch: Record<string, unknown> = move
      ? { title, planning_start_date: addDays(row.planning_start_date, shift), live_date: addDays(row.live_date, shift), ...(row.end_date ? { end_date: addDays(row.end_date, shift) } : {}) }
      : { title, status: STATUSES[Math.floor(rnd() * STATUSES.length)]! };
    const next: Row = { ...row, ...(patch as Partial<Row>) };
    pool.rows[i] = next;
    return { kind: move ? 'move' : 'update', id: row.id, patch, expect: { k, op: 'update', id: row.id, title, fields: next } };
  }
  delete pool.rows[i];
  return { kind: 'delete', id: row.id, expect: { k, op: 'delete', id: row.id, title: writeTitle(k, 'deleted'), fields: null } };
}
