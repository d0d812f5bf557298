import { describe, expect, it } from 'vitest';
import { appendCampaignPage, applyCampaignChangeToPages, isWithinLoadedPages, type LoadedPages } from './campaign-pages';
import { encodeListCursor } from './list-cursor';

type Row = Parameters<typeof applyCampaignChangeToPages>[0]['items'][number];

const id = (n: number) => `00000000-0000-4000-9000-${n.toString().padStart(12, '0')}`;
/** Row n was created on minute n: higher n is newer, so it lists first. */
const row = (n: number, fields: Partial<Row> = {}): Row => ({
  id: id(n),
  version: 1,
  created_at: `2026-03-01T10:${n.toString().padStart(2, '0')}:00.000Z`,
  planning_start_date: '2026-03-10',
  live_date: '2026-03-20',
  end_date: null,
  channels: ['email'],
  status: 'planning',
  scope: 'global',
  ...fields,
});
const cursorAfter = (n: number) => encodeListCursor({ createdAt: `2026-03-01T10:${n.toString().padStart(2, '0')}:00.000000Z`, id: id(n) });
/** Rows 50…41 loaded; the next page starts after row 41. */
const loaded = (): LoadedPages<Row> => ({ items: Array.from({ length: 10 }, (_, i) => row(50 - i)), nextCursor: cursorAfter(41) });
const ids = (p: LoadedPages<Row>) => p.items.map((c) => Number(c.id.slice(-12)));

describe('applyCampaignChangeToPages', () => {
  it('should put a new campaign at the top of the loaded pages', () => {
    expect(ids(applyCampaignChangeToPages(loaded(), { op: 'insert', row: row(55) }, {}))).toEqual([55, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41]);
  });

  it('should insert a row that sorts inside the loaded range and leave one past the cursor to its page', () => {
    const pages = { ...loaded(), items: loaded().items.filter((c) => c.id !== id(45)) };
    expect(ids(applyCampaignChangeToPages(pages, { op: 'update', row: row(45) }, {}))).toContain(45);
    const before = loaded();
    expect(applyCampaignChangeToPages(before, { op: 'update', row: row(30) }, {})).toBe(before);
  });

  it('should drop deleted rows and rows that leave the filter, and keep the cursor', () => {
    const after = applyCampaignChangeToPages(loaded(), { op: 'delete', id: id(41) }, {});
    expect(ids(after)).not.toContain(41);
    expect(after.nextCursor).toBe(cursorAfter(41));
    const moved = applyCampaignChangeToPages(loaded(), { op: 'update', row: row(47, { version: 2, channels: ['seo'] }) }, { channel: 'email' });
    expect(ids(moved)).not.toContain(47);
  });

  it('should take any matching row once every page is loaded', () => {
    const all = { items: [row(3)], nextCursor: null };
    expect(ids(applyCampaignChangeToPages(all, { op: 'insert', row: row(1) }, {}))).toEqual([3, 1]);
  });

  it('should ignore the echo of a version already shown', () => {
    const before = loaded();
    expect(applyCampaignChangeToPages(before, { op: 'update', row: row(45) }, {})).toBe(before);
  });
});

describe('isWithinLoadedPages', () => {
  it('should compare with the cursor position, not the last row shown', () => {
    expect(isWithinLoadedPages(row(42), cursorAfter(41))).toBe(true);
    expect(isWithinLoadedPages(row(41), cursorAfter(41))).toBe(false);
    expect(isWithinLoadedPages(row(40), cursorAfter(41))).toBe(false);
    expect(isWithinLoadedPages(row(1), null)).toBe(true);
  });
});

describe('appendCampaignPage', () => {
  it('should add the next page and take its cursor', () => {
    const next = appendCampaignPage(loaded(), cursorAfter(41), { items: [row(40), row(39)], nextCursor: null });
    expect(ids(next).slice(-3)).toEqual([41, 40, 39]);
    expect(next.nextCursor).toBeNull();
  });

  it('should drop a page of an older walk and not repeat a row already there', () => {
    const before = loaded();
    expect(appendCampaignPage(before, cursorAfter(30), { items: [row(29)], nextCursor: null })).toBe(before);
    expect(ids(appendCampaignPage(before, cursorAfter(41), { items: [row(41), row(40)], nextCursor: null })).filter((n) => n === 41)).toHaveLength(1);
  });
});
