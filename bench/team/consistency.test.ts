import { describe, expect, it } from 'vitest';
import type { CampaignQueryFields } from '../../packages/core/src/index.js';
import { countsReflect, listReflects, writeIndexOf, writeTitle, type WriteExpectation } from './consistency.js';

const march = { from: '2026-03-01', to: '2026-03-31' };
const inMarch: CampaignQueryFields = { planning_start_date: '2026-03-02', live_date: '2026-03-05', end_date: '2026-03-09', channels: ['email'], status: 'planning', scope: 'global' };
const inMay: CampaignQueryFields = { ...inMarch, planning_start_date: '2026-05-02', live_date: '2026-05-05', end_date: '2026-05-09' };
const seeded = { id: 'a', title: 'Campaign 1' };

describe('when a dashboard reflects a write', () => {
  it('reads the write index back from the title', () => {
    expect(writeIndexOf(writeTitle(12, 'moved'))).toBe(12);
    expect(writeIndexOf('Campaign 12')).toBe(-1);
  });

  it('wants an update listed in its new state where it still matches', () => {
    const w: WriteExpectation = { k: 3, op: 'update', id: 'a', title: writeTitle(3, 'updated'), fields: inMarch };
    expect(listReflects([seeded], march, w)).toBe(false);
    expect(listReflects([{ id: 'a', title: w.title }], march, w)).toBe(true);
    expect(listReflects([], march, w)).toBe(false);
    const index = (rows: Array<{ id: string; title: string }>) => ({ byId: new Map(rows.map((r) => [r.id, r])), byTitle: new Map(rows.map((r) => [r.title, r])) });
    expect(listReflects(index([seeded]), march, w)).toBe(false);
    expect(listReflects(index([{ id: 'a', title: w.title }]), march, w)).toBe(true);
  });

  it('wants a row moved out of the window gone from it, and a deleted row gone everywhere', () => {
    const moved: WriteExpectation = { k: 4, op: 'update', id: 'a', title: writeTitle(4, 'moved'), fields: inMay };
    expect(listReflects([seeded], march, moved)).toBe(false);
    expect(listReflects([], march, moved)).toBe(true);
    const deleted: WriteExpectation = { k: 5, op: 'delete', id: 'a', title: writeTitle(5, 'deleted'), fields: null };
    expect(listReflects([seeded], march, deleted)).toBe(false);
    expect(listReflects([{ id: 'b', title: 'Campaign 2' }], march, deleted)).toBe(true);
  });

  it('finds a create by its title, and counts a later write to the row as past this one', () => {
    const created: WriteExpectation = { k: 6, op: 'insert', title: writeTitle(6, 'created'), fields: inMarch };
    expect(listReflects([seeded], march, created)).toBe(false);
    expect(listReflects([{ id: 'n', title: created.title }, seeded], march, created)).toBe(true);
    expect(listReflects([seeded], { from: '2026-05-01', to: '2026-05-31' }, created)).toBe(true);
    const moved: WriteExpectation = { k: 7, op: 'update', id: 'a', title: writeTitle(7, 'moved'), fields: inMay };
    expect(listReflects([{ id: 'a', title: writeTitle(9, 'updated') }], march, moved)).toBe(true);
  });

  it('trusts counts only when they were requested after the change arrived', () => {
    expect(countsReflect(10, 10)).toBe(true);
    expect(countsReflect(9, 10)).toBe(false);
    expect(countsReflect(11, undefined)).toBe(false);
    expect(countsReflect(undefined, 10)).toBe(false);
  });
});
