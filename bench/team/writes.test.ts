import { describe, expect, it } from 'vitest';
import { rng } from '../lib/random.js';
import { listReflects } from './consistency.js';
import { planWrite, poolOf, type Row } from './writes.js';

const window = { from: '2026-03-01', to: '2026-04-11' };
const row = (i: number, live: string): Row => ({ id: `r${i}`, title: `Campaign ${i}`, planning_start_date: live, live_date: live, end_date: live, channels: ['email'], status: 'planning', scope: 'global' });

describe('the team writer', () => {
  it('mixes creates, edits, moves and deletes, mostly near the window, and never touches a deleted row again', () => {
    const rows = Array.from({ length: 400 }, (_, i) => row(i, i < 100 ? '2026-03-10' : '2028-01-01'));
    const pool = poolOf(rows, window);
    expect(pool.near).toHaveLength(100);
    const rnd = rng(1);
    const writes = Array.from({ length: 300 }, (_, k) => planWrite(k, rnd, pool, window));
    const kinds = new Map<string, number>();
    for (const w of writes) kinds.set(w.kind, (kinds.get(w.kind) ?? 0) + 1);
    for (const kind of ['create', 'update', 'move', 'delete']) expect(kinds.get(kind)).toBeGreaterThan(20);
    const deleted = new Set<string>();
    let near = 0;
    for (const w of writes) {
      if (w.kind === 'create') continue;
      expect(deleted.has(w.id)).toBe(false);
      if (w.kind === 'delete') deleted.add(w.id);
      if (Number(w.id.slice(1)) < 100) near += 1;
    }
    expect(near / (writes.length - kinds.get('create')!)).toBeGreaterThan(0.5);
  });

  it('expects a move to carry the row along with its dates, so a window sees it leave or arrive', () => {
    const pool = poolOf([row(0, '2026-03-31')], window);
    const rnd = rng(5);
    for (let k = 0; k < 50; k++) {
      const w = planWrite(k, rnd, pool, window);
      if (w.kind !== 'move') continue;
      const shifted = w.patch.live_date as string;
      expect(w.expect.fields?.live_date).toBe(shifted);
      expect(pool.rows[0]?.live_date).toBe(shifted);
      const before = [{ id: 'r0', title: 'Campaign 0' }];
      expect(listReflects(before, window, w.expect)).toBe(false);
      return;
    }
    throw new Error('no move in 50 writes');
  });
});
