import { describe, expect, it } from 'vitest';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { addDays, todayYmd } from '../dates';
import {
  compareMyTasks,
  compareTaskOrder,
  decodeTaskCursor,
  encodeTaskCursor,
  isAfterTaskCursor,
  isOverdue,
  rankFor,
  summariseTasks,
  taskMatchesMyQuery,
  taskProgressLabel,
  type RankedTask,
} from './tasks';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
const rankOf = (r: ReturnType<typeof rankFor>) => {
  if ('field' in r) throw new Error(r.message);
  return r.rank;
};
/** Adds a task where `place` says and returns the list in order. */
function place(list: RankedTask[], n: number, where: { after?: number; before?: number } = {}): RankedTask[] {
  const rank = rankOf(rankFor(list, { after: where.after ? id(where.after) : undefined, before: where.before ? id(where.before) : undefined }));
  return [...list, { id: id(n), rank }].sort(compareTaskOrder);
}
const order = (list: RankedTask[]) => list.map((t) => Number(t.id.slice(-12)));

describe('rankFor (docs/adr/0049)', () => {
  it('should append by default and place after or before a task, one key each', () => {
    let list: RankedTask[] = [];
    list = place(list, 1);
    list = place(list, 2);
    list = place(list, 3, { after: 1 });
    list = place(list, 4, { before: 1 });
    list = place(list, 5, { before: 3 });
    expect(order(list)).toEqual([4, 1, 5, 3, 2]);
  });

  it('should keep finding room between two neighbours, many times over', () => {
    let list: RankedTask[] = [];
    list = place(list, 1);
    list = place(list, 2);
    for (let n = 3; n < 60; n++) list = place(list, n, { after: 1 });
    expect(order(list)).toEqual([1, ...Array.from({ length: 57 }, (_, i) => 59 - i), 2]);
    expect(new Set(list.map((t) => t.rank)).size).toBe(list.length);
  });

  it('should order ranks by code unit, as the database’s "C" collation does, never by a locale', () => {
    const upper = { id: id(1), rank: 'Zz' };
    const lower = { id: id(2), rank: 'a0' };
    expect([lower, upper].sort(compareTaskOrder)).toEqual([upper, lower]);
  });

  it('should keep a key strictly between neighbours when two tasks share a rank (a revert brought one back)', () => {
    const list = [{ id: id(1), rank: 'a0' }, { id: id(2), rank: 'a1' }, { id: id(3), rank: 'a1' }, { id: id(4), rank: 'a2' }];
    const after = rankOf(rankFor(list, { after: id(2) }));
    expect(after > 'a1' && after < 'a2').toBe(true);
    const before = rankOf(rankFor(list, { before: id(3) }));
    expect(before > 'a0' && before < 'a1').toBe(true);
  });

  it('should name the field of a neighbour that is not another task of the campaign', () => {
    expect(rankFor([{ id: id(1), rank: 'a0' }], { after: id(9) })).toEqual({ field: 'after', message: 'Not another task of this campaign' });
    expect(rankFor([], { before: id(9) })).toMatchObject({ field: 'before' });
  });
});

describe('summariseTasks', () => {
  it('should count all, done and open required tasks, and find the earliest due date of an open one', () => {
    expect(summariseTasks([])).toEqual({ total: 0, done: 0, open_required: 0, next_due: null, assignees: [] });
    const s = summariseTasks([
      { status: 'done', required: true, due_date: '2026-03-01' },
      { status: 'todo', required: true, due_date: '2026-03-09' },
      { status: 'in_progress', required: false, due_date: '2026-03-04' },
      { status: 'todo', required: true, due_date: null },
    ]);
    expect(s).toEqual({ total: 4, done: 1, open_required: 2, next_due: '2026-03-04', assignees: [] });
    expect(taskProgressLabel(s)).toBe('1/4');
  });

  it('should name each assignee once, sorted, done tasks included', () => {
    const a = 'aaaaaaaa-0000-4000-8000-000000000000';
    const b = 'bbbbbbbb-0000-4000-8000-000000000000';
    const s = summariseTasks([
      { status: 'todo', required: false, due_date: null, assignee_id: b },
      { status: 'done', required: false, due_date: null, assignee_id: a },
      { status: 'todo', required: false, due_date: null, assignee_id: b },
      { status: 'todo', required: false, due_date: null, assignee_id: null },
    ]);
    expect(s.assignees).toEqual([a, b]);
  });
});

describe('isOverdue', () => {
  it('should call a task or a campaign overdue when an open task was due before today', () => {
    expect(isOverdue({ due_date: '2026-03-01', status: 'todo' }, '2026-03-02')).toBe(true);
    expect(isOverdue({ due_date: '2026-03-02', status: 'todo' }, '2026-03-02')).toBe(false);
    expect(isOverdue({ due_date: '2026-03-01', status: 'done' }, '2026-03-02')).toBe(false);
    expect(isOverdue({ due_date: null, status: 'todo' }, '2026-03-02')).toBe(false);
    expect(isOverdue({ next_due: '2026-03-01' }, '2026-03-02')).toBe(true);
    expect(isOverdue({ next_due: null }, '2026-03-02')).toBe(false);
  });
});

// Overdue is judged against the reader's own today: the same due date is yesterday in every zone.
for (const zone of TEST_ZONES) {
  describe(`isOverdue against today in ${zone}`, () => {
    useTimeZone(zone);
    it('should call yesterday’s task overdue and today’s not', () => {
      const today = todayYmd();
      expect(isOverdue({ due_date: addDays(today, -1), status: 'todo' }, today)).toBe(true);
      expect(isOverdue({ due_date: today, status: 'todo' }, today)).toBe(false);
    });
  });
}

describe('My work', () => {
  it('should order by due date, undated last, then id', () => {
    const rows = [
      { id: id(3), due_date: null },
      { id: id(2), due_date: '2026-03-02' },
      { id: id(1), due_date: null },
      { id: id(4), due_date: '2026-03-01' },
      { id: id(5), due_date: '2026-03-02' },
    ];
    expect(rows.sort(compareMyTasks).map((r) => Number(r.id.slice(-12)))).toEqual([4, 2, 5, 1, 3]);
  });

  it('should filter by assignee (me), status, campaign, due date before and text', () => {
    const t = { assignee_id: 'u1', status: 'todo', campaign_id: 'c1', due_date: '2026-03-05', title: 'Write the Copy', campaign: { title: 'Spring Launch' } };
    expect(taskMatchesMyQuery(t, { q: 'copy' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery(t, { q: ' SPRING ' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery(t, { q: 'banner' }, 'u1')).toBe(false);
    expect(taskMatchesMyQuery(t, { q: '   ' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery(t, { assignee: 'me' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery(t, { assignee: 'me' }, 'u2')).toBe(false);
    expect(taskMatchesMyQuery(t, { status: 'open' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery(t, { status: 'done' }, 'u1')).toBe(false);
    expect(taskMatchesMyQuery(t, { campaign: 'c2' }, 'u1')).toBe(false);
    expect(taskMatchesMyQuery(t, { due_before: '2026-03-05' }, 'u1')).toBe(false);
    expect(taskMatchesMyQuery(t, { due_before: '2026-03-06' }, 'u1')).toBe(true);
    expect(taskMatchesMyQuery({ ...t, due_date: null }, { due_before: '2026-03-06' }, 'u1')).toBe(false);
  });

  it('should hand out cursors that say where a page ended, and refuse any other', () => {
    for (const c of [{ due: '2026-03-02', id: id(7) }, { due: null, id: id(8) }]) {
      expect(decodeTaskCursor(encodeTaskCursor(c))).toEqual(c);
    }
    for (const bad of ['', 'nope', btoa('t|2026-3-2|x'), btoa(`x|2026-03-02|${id(1)}`), encodeTaskCursor({ due: '2026-03-02', id: id(1) }) + '!']) {
      expect(decodeTaskCursor(bad)).toBeNull();
    }
    const at = { due: '2026-03-02', id: id(5) };
    expect(isAfterTaskCursor({ id: id(6), due_date: '2026-03-02' }, at)).toBe(true);
    expect(isAfterTaskCursor({ id: id(1), due_date: null }, at)).toBe(true);
    expect(isAfterTaskCursor({ id: id(9), due_date: '2026-03-01' }, at)).toBe(false);
  });
});
