import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { assignRoles, placeTemplate, templateFromCampaign, templateIssues, type TemplateTaskFields } from './templates';
import { STANDARD_CALENDAR, workingCalendar } from './working-days';

const task = (over: Partial<TemplateTaskFields>): TemplateTaskFields => ({
  title: 'Task',
  offset: 0,
  anchor: 'live',
  assignee_id: null,
  role: null,
  required: false,
  note: null,
  ...over,
});

// Go-live Tuesday 2026-12-29; 2026-12-25 (Friday) and 2026-12-28 (Monday) closed.
const holidays = workingCalendar(['2026-12-25', '2026-12-28']);
const launch = {
  planning_offset: 10,
  roles: ['Designer', 'Writer'],
  tasks: [
    task({ title: 'Brief', offset: 0, anchor: 'planning_start', role: 'Writer' }),
    task({ title: 'Design', offset: -3, role: 'Designer', required: true }),
    task({ title: 'Final check', offset: -1, assignee_id: '00000000-0000-4000-8000-000000000001' }),
    task({ title: 'Go', offset: 0 }),
    task({ title: 'Report', offset: 5 }),
    task({ title: 'Someday', offset: null }),
  ],
};

describe.each(TEST_ZONES)('template placement in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('places each task on its working day, skipping the weekend and closed days', () => {
    const placed = placeTemplate(launch, '2026-12-29', holidays);
    // 10 working days back from Tue 29 (Mon 28, Fri 25 closed): Thu 24, Wed 23, Tue 22, Mon 21, Fri 18 … Fri 11.
    expect(placed.planning_start_date).toBe('2026-12-11');
    expect(placed.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Brief', '2026-12-11'],
      ['Design', '2026-12-22'],
      ['Final check', '2026-12-24'],
      ['Go', '2026-12-29'],
      ['Report', '2027-01-05'],
      ['Someday', null],
    ]);
  });

  it('places the same template differently without the closed days', () => {
    const placed = placeTemplate(launch, '2026-12-29', STANDARD_CALENDAR);
    expect(placed.tasks[1]!.due_date).toBe('2026-12-24');
    expect(placed.tasks[2]!.due_date).toBe('2026-12-28');
  });

  it('turns a campaign back into offsets that place its tasks where they were', () => {
    const campaign = { planning_start_date: '2026-12-11', live_date: '2026-12-29' };
    const tasks = [
      { title: 'Design', due_date: '2026-12-22', assignee_id: 'u-des', required: true, note: null },
      { title: 'Check', due_date: '2026-12-24', assignee_id: 'u-lead', required: false, note: 'n' },
      { title: 'Undated', due_date: null, assignee_id: null, required: false, note: null },
    ];
    const t = templateFromCampaign(campaign, tasks, holidays, { 'u-des': 'Designer' });
    expect(t.planning_offset).toBe(10);
    expect(t.roles).toEqual(['Designer']);
    expect(t.tasks.map((x) => [x.offset, x.role, x.assignee_id])).toEqual([
      [-3, 'Designer', null],
      [-1, null, 'u-lead'],
      [null, null, null],
    ]);
    expect(placeTemplate(t, '2026-12-29', holidays).tasks.map((x) => x.due_date)).toEqual(['2026-12-22', '2026-12-24', null]);
    expect(templateIssues(t)).toEqual([]);
  });
});

describe('template checks', () => {
  it('refuses an offset that lands before the planning start, naming the task', () => {
    const issues = templateIssues({ ...launch, tasks: [task({ offset: -11 }), task({ offset: -1, anchor: 'planning_start' })] });
    expect(issues).toEqual([
      { field: 'tasks.0.offset', message: 'Lands 1 working day before the planning start (10 before go-live)' },
      { field: 'tasks.1.offset', message: 'Lands 1 working day before the planning start' },
    ]);
    expect(templateIssues({ ...launch, tasks: [task({ offset: -10 })] })).toEqual([]);
  });

  it('refuses an unknown role, a role with a person, and a role listed twice', () => {
    expect(templateIssues({ planning_offset: 0, roles: ['Designer', 'designer'], tasks: [task({ role: 'Editor' }), task({ role: 'Designer', assignee_id: 'u' })] })).toEqual([
      { field: 'roles.1', message: 'The role "designer" is listed twice' },
      { field: 'tasks.0.role', message: 'Unknown role "Editor": add it to the template\'s roles' },
      { field: 'tasks.1.role', message: 'Give a person or a role, not both' },
    ]);
  });

  it('fills roles with people and names a role left empty once', () => {
    const { assignees, issues } = assignRoles(launch.tasks, { Writer: 'u-w' });
    expect(assignees).toEqual(['u-w', null, '00000000-0000-4000-8000-000000000001', null, null, null]);
    expect(issues).toEqual([{ field: 'roles.Designer', message: 'Choose someone for the role "Designer"' }]);
  });

  it('never places a task of a valid template before its planning start (property)', () => {
    const ymd = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(ymd, fc.integer({ min: 0, max: 40 }), fc.array(fc.tuple(fc.integer({ min: -60, max: 60 }), fc.boolean()), { maxLength: 8 }), (live, planning, raw) => {
        const t = { planning_offset: planning, roles: [], tasks: raw.map(([offset, fromStart]) => task({ offset, anchor: fromStart ? 'planning_start' : 'live' })) };
        const placed = placeTemplate(t, live, holidays);
        const valid = templateIssues(t).length === 0;
        for (const p of placed.tasks) if (valid) expect(p.due_date! >= placed.planning_start_date).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
