import { describe, expect, it } from 'vitest';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { replanTasks, taskPlanFlag } from './replan';
import { STANDARD_CALENDAR, workingCalendar } from './working-days';

// 2026-12-21 is a Monday; Friday 25 Dec is a holiday below.
const xmas = workingCalendar(['2026-12-25']);
const task = (id: string, due_date: string | null, status: 'todo' | 'in_progress' | 'done' = 'todo') => ({ id, due_date, status });

describe.each(TEST_ZONES)('re-planning in %s', (zone) => {
  useTimeZone(zone);

  it('should move every open task by the working days go-live moved, skipping a holiday', () => {
    // Go-live Tue 22 Dec → Mon 28 Dec is +3 working days (23, 24, 28; 25 is closed, 26–27 the weekend).
    const plan = replanTasks([task('a', '2026-12-21'), task('b', '2026-12-22', 'in_progress')], '2026-12-22', '2026-12-28', xmas, '2026-12-01');
    expect(plan.workingDays).toBe(3);
    expect(plan.moves).toEqual([
      { id: 'a', from: '2026-12-21', to: '2026-12-24' },
      { id: 'b', from: '2026-12-22', to: '2026-12-28' },
    ]);
    expect(plan.flagged).toEqual([]);
  });

  it('should leave done and undated tasks where they are', () => {
    const plan = replanTasks([task('done', '2026-12-21', 'done'), task('undated', null)], '2026-12-22', '2026-12-28', xmas, '2026-12-01');
    expect(plan.moves).toEqual([]);
  });

  it('should move nothing when go-live moves within a weekend', () => {
    const plan = replanTasks([task('a', '2026-12-18')], '2026-12-19', '2026-12-20', STANDARD_CALENDAR, '2026-12-01');
    expect(plan).toEqual({ workingDays: 0, moves: [], flagged: [] });
  });

  it('should flag a task that would land in the past, and still place it', () => {
    const plan = replanTasks([task('a', '2026-12-14')], '2026-12-22', '2026-12-15', STANDARD_CALENDAR, '2026-12-10');
    expect(plan.moves).toEqual([{ id: 'a', from: '2026-12-14', to: '2026-12-07' }]);
    expect(plan.flagged).toEqual([{ id: 'a', due_date: '2026-12-07', flag: 'past' }]);
  });

  it('should flag a task already after go-live that stays after it', () => {
    const plan = replanTasks([task('late', '2026-12-30')], '2026-12-22', '2026-12-23', STANDARD_CALENDAR, '2026-12-01');
    expect(plan.flagged).toEqual([{ id: 'late', due_date: '2026-12-31', flag: 'after_live' }]);
  });

  it('should bring tasks on working days back exactly when go-live moves back', () => {
    const tasks = [task('a', '2026-12-21'), task('b', '2026-12-24'), task('c', '2026-12-28')];
    const out = replanTasks(tasks, '2026-12-29', '2027-01-05', xmas, '2026-12-01');
    const moved = tasks.map((t) => ({ ...t, due_date: out.moves.find((m) => m.id === t.id)?.to ?? t.due_date }));
    const back = replanTasks(moved, '2027-01-05', '2026-12-29', xmas, '2026-12-01');
    expect(back.moves.map((m) => m.to)).toEqual(['2026-12-21', '2026-12-24', '2026-12-28']);
  });
});

describe('taskPlanFlag', () => {
  it('should not flag a done task, and say after_live before past', () => {
    expect(taskPlanFlag(task('a', '2026-01-01', 'done'), '2025-12-01', '2026-06-01')).toBeNull();
    expect(taskPlanFlag(task('a', '2026-01-02'), '2026-01-01', '2026-06-01')).toBe('after_live');
    expect(taskPlanFlag(task('a', '2026-01-01'), '2026-01-01', '2026-01-01')).toBeNull();
  });
});
