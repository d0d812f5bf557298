import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANNEL_VALUES, type Channel } from '../channels';
import { addDays, dayOfWeekMondayFirst, startOfWeek } from '../dates';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { workingCalendar, STANDARD_CALENDAR } from './working-days';
import {
  checkPlacement,
  conflictedIds,
  conflictFilterIds,
  conflictFilterRange,
  conflictsIn,
  dayFromNumber,
  dayNumber,
  needsRuleCheck,
  periodStart,
  planningIndex,
  ruleDescription,
  rulesWindow,
  violationKey,
  type PlannedCampaign,
  type PlanningRule,
} from './planning-rules';

// 2026-12-21 is a Monday; 2026-12-25 (Friday) is Christmas Day below.
const rule = (r: Partial<PlanningRule> & Pick<PlanningRule, 'kind'>): PlanningRule => ({
  id: `r-${r.kind}`,
  severity: 'warn',
  limit: null,
  period: null,
  channel: null,
  audience: null,
  gap_days: null,
  ...r,
});
let seq = 0;
const campaign = (c: Partial<PlannedCampaign> & Pick<PlannedCampaign, 'live_date'>): PlannedCampaign => ({
  id: `c${String(++seq).padStart(4, '0')}`,
  channels: ['email'],
  audiences: [],
  owner_id: null,
  owner: null,
  ...c,
});
const ALL = { from: '1900-01-01', to: '2999-12-31' };

describe('planning rules: day arithmetic', () => {
  it('dayNumber and dayFromNumber are inverse, and weeks start on Monday as the calendar does', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayFromNumber(dayNumber('2026-12-25'))).toBe('2026-12-25');
    expect(periodStart('2026-12-27', 'week')).toBe('2026-12-21');
    expect(periodStart('2026-12-21', 'week')).toBe('2026-12-21');
    expect(periodStart('2026-12-27', 'day')).toBe('2026-12-27');
  });

});

describe.each(TEST_ZONES)('planning rules: days agree with the calendar’s dates in %s', (zone) => {
  useTimeZone(zone);
  const ymd = fc.integer({ min: dayNumber('1900-01-01'), max: dayNumber('2999-12-31') }).map((n) => dayFromNumber(n));
  it('round-trips, steps by one, and starts weeks where startOfWeek does', () => {
    fc.assert(
      fc.property(ymd, (d) => {
        expect(dayFromNumber(dayNumber(d))).toBe(d);
        expect(dayNumber(addDays(d, 1))).toBe(dayNumber(d) + 1);
        expect(periodStart(d, 'week')).toBe(startOfWeek(d));
        expect(dayOfWeekMondayFirst(periodStart(d, 'week'))).toBe(0);
      }),
    );
  });
});

describe('planning rules: what a user is told', () => {
  it('counts e-mail sends to one audience in a week, whatever the audience’s case', () => {
    const r = rule({ kind: 'audience_load', channel: 'email', audience: 'Customers', limit: 2, period: 'week' });
    const plan = [
      campaign({ live_date: '2026-12-21', audiences: ['Customers'] }),
      campaign({ live_date: '2026-12-23', audiences: [' customers '] }),
      campaign({ live_date: '2026-12-27', audiences: ['Customers', 'Partners'] }),
      campaign({ live_date: '2026-12-28', audiences: ['Customers'] }), // next week
      campaign({ live_date: '2026-12-22', audiences: ['Customers'], channels: ['social'] }), // not e-mail
    ];
    const found = conflictsIn(plan, [r], STANDARD_CALENDAR, ALL);
    expect(found).toEqual([
      { rule_id: r.id, kind: 'audience_load', severity: 'warn', message: '3 e-mail sends to Customers that week; the limit is 2', date: '2026-12-21', campaign_ids: [plan[0]!.id, plan[1]!.id, plan[2]!.id] },
    ]);
    expect(ruleDescription(r)).toBe('At most 2 e-mail sends to Customers a week');
  });

  it('counts each channel on its own when a channel rule names none', () => {
    const r = rule({ kind: 'channel_load', limit: 1, period: 'day', severity: 'block' });
    const plan = [
      campaign({ live_date: '2026-12-22', channels: ['email', 'social'] }),
      campaign({ live_date: '2026-12-22', channels: ['social'] }),
      campaign({ live_date: '2026-12-23', channels: ['email'] }),
    ];
    const found = conflictsIn(plan, [r], STANDARD_CALENDAR, ALL);
    expect(found.map((v) => v.message)).toEqual(['2 social posts that day; the limit is 1']);
    expect(found[0]!.severity).toBe('block');
    expect(ruleDescription(r)).toBe('At most 1 go-live per channel a day');
  });

  it('counts an owner by user, else by name, and leaves campaigns without an owner out', () => {
    const r = rule({ kind: 'owner_load', limit: 3, period: 'week' });
    const dana = { owner_id: '00000000-0000-4000-8000-000000000001', owner: 'Dana Lee' };
    const plan = [
      ...['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24'].map((d) => campaign({ live_date: d, ...dana })),
      ...['2026-12-21', '2026-12-22', '2026-12-23'].map((d) => campaign({ live_date: d, owner: 'sam' })),
      campaign({ live_date: '2026-12-24', owner: 'Sam ' }),
      ...['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24'].map((d) => campaign({ live_date: d })),
    ];
    expect(conflictsIn(plan, [r], STANDARD_CALENDAR, ALL).map((v) => v.message)).toEqual([
      '4 go-lives for Dana Lee that week; the limit is 3',
      '4 go-lives for sam that week; the limit is 3',
    ]);
  });

  it('names the non-working day, and a closed day by its label', () => {
    const r = rule({ kind: 'non_working', severity: 'block' });
    const cal = { ...workingCalendar(['2026-12-25']), labels: new Map([['2026-12-25', 'Christmas Day']]) };
    const sat = campaign({ live_date: '2026-12-26' });
    const xmas = campaign({ live_date: '2026-12-25' });
    const mon = campaign({ live_date: '2026-12-21' });
    expect(conflictsIn([sat, xmas, mon], [r], cal, ALL).map((v) => [v.date, v.message])).toEqual([
      ['2026-12-25', 'Goes live on Friday, a closed day (Christmas Day); no go-live on non-working days'],
      ['2026-12-26', 'Goes live on Saturday, a non-working day; no go-live on non-working days'],
    ]);
  });

  it('keeps a minimum gap between go-lives of one channel and audience', () => {
    const r = rule({ kind: 'min_gap', gap_days: 7 });
    const a = campaign({ live_date: '2026-12-01', audiences: ['Customers'] });
    const b = campaign({ live_date: '2026-12-04', audiences: ['customers'] });
    const c = campaign({ live_date: '2026-12-11', audiences: ['Customers'] }); // 7 days after b: fine
    const d = campaign({ live_date: '2026-12-11', audiences: ['Partners'] }); // another audience
    const found = conflictsIn([a, b, c, d], [r], STANDARD_CALENDAR, ALL);
    expect(found).toEqual([
      expect.objectContaining({ message: '2 e-mail sends to Customers 3 days apart; the minimum gap is 7 days', date: '2026-12-04', campaign_ids: [a.id, b.id] }),
    ]);
    expect(ruleDescription(r)).toBe('At least 7 days between go-lives of one channel to one audience');
  });

  it('judges a week crossing the range’s edge with its days outside the range', () => {
    const r = rule({ kind: 'channel_load', channel: 'email', limit: 1, period: 'week' });
    const plan = [campaign({ live_date: '2026-11-30' }), campaign({ live_date: '2026-12-04' })]; // Monday, Friday
    const range = { from: '2026-12-01', to: '2026-12-31' };
    expect(rulesWindow([r], range)).toEqual({ from: '2026-11-25', to: '2027-01-06' });
    expect(conflictsIn(plan, [r], STANDARD_CALENDAR, range)).toHaveLength(1);
    expect(conflictsIn(plan, [r], STANDARD_CALENDAR, { from: '2026-12-07', to: '2026-12-31' })).toHaveLength(0);
  });

  it('leaves a campaign’s old place out when judging its new one', () => {
    const r = rule({ kind: 'channel_load', channel: 'email', limit: 1, period: 'day', severity: 'block' });
    const moving = campaign({ live_date: '2026-12-22' });
    const other = campaign({ live_date: '2026-12-23' });
    const index = planningIndex([moving, other]);
    expect(checkPlacement({ ...moving, live_date: '2026-12-22' }, index, [r], STANDARD_CALENDAR)).toEqual([]);
    expect(checkPlacement({ ...moving, live_date: '2026-12-23' }, index, [r], STANDARD_CALENDAR)).toEqual([
      expect.objectContaining({ message: '2 e-mail sends that day; the limit is 1', severity: 'block', campaign_ids: [moving.id, other.id].sort() }),
    ]);
  });

  it('asks the rules only when a write places a campaign anew or makes it Live', () => {
    const c = { ...campaign({ live_date: '2026-12-22', audiences: ['A'] }), status: 'planning' };
    expect(needsRuleCheck(null, c)).toBe(true);
    expect(needsRuleCheck(c, { ...c, title: 'Renamed' })).toBe(false);
    expect(needsRuleCheck(c, { ...c, audiences: [' a'] })).toBe(false);
    expect(needsRuleCheck(c, { ...c, audiences: ['B'] })).toBe(true);
    expect(needsRuleCheck(c, { ...c, live_date: '2026-12-23' })).toBe(true);
    expect(needsRuleCheck(c, { ...c, channels: ['social'] })).toBe(true);
    expect(needsRuleCheck(c, { ...c, status: 'live' })).toBe(true);
    expect(needsRuleCheck({ ...c, status: 'live' }, { ...c, status: 'live' })).toBe(false);
  });
});

describe('planning rules: properties', () => {
  const channels = fc.subarray([...CHANNEL_VALUES.slice(0, 3)] as Channel[], { minLength: 1 });
  const audiences = fc.subarray(['Customers', 'customers', 'Partners', 'CFOs'], { maxLength: 3 });
  const owner = fc.constantFrom(null, 'Dana', 'Sam', 'dana');
  const day = fc.integer({ min: 0, max: 40 }).map((n) => addDays('2026-11-20', n));
  const plan = fc.array(fc.record({ live_date: day, channels, audiences, owner }), { maxLength: 40 }).map((rows) =>
    rows.map((r, i) => ({ ...r, id: `p${String(i).padStart(3, '0')}`, owner_id: null })),
  );
  const channelOrNull = fc.constantFrom(null, 'email', 'social') as fc.Arbitrary<Channel | null>;
  const anyRule: fc.Arbitrary<PlanningRule> = fc.oneof(
    fc.record({ kind: fc.constant('channel_load' as const), limit: fc.integer({ min: 1, max: 3 }), period: fc.constantFrom('day' as const, 'week' as const), channel: channelOrNull }),
    fc.record({ kind: fc.constant('audience_load' as const), limit: fc.integer({ min: 1, max: 3 }), period: fc.constantFrom('day' as const, 'week' as const), channel: channelOrNull, audience: fc.constantFrom(null, 'Customers', 'cfos') }),
    fc.record({ kind: fc.constant('owner_load' as const), limit: fc.integer({ min: 1, max: 3 }), period: fc.constantFrom('day' as const, 'week' as const), channel: channelOrNull }),
    fc.record({ kind: fc.constant('non_working' as const), channel: channelOrNull }),
    fc.record({ kind: fc.constant('min_gap' as const), gap_days: fc.integer({ min: 1, max: 10 }), channel: channelOrNull, audience: fc.constantFrom(null, 'Customers') }),
  ).map((r) => rule(r as Partial<PlanningRule> & Pick<PlanningRule, 'kind'>));
  const rules = fc.array(anyRule, { maxLength: 4 }).map((rs) => rs.map((r, i) => ({ ...r, id: `r${i}` })));
  const cal = workingCalendar(['2026-12-25']);

  it('checkPlacement finds exactly the violations of conflictsIn that hold the placed campaign', () => {
    fc.assert(
      fc.property(plan, rules, fc.nat(), day, (campaigns, rs, pick, to) => {
        fc.pre(campaigns.length > 0);
        const moved = { ...campaigns[pick % campaigns.length]!, live_date: to };
        const after = campaigns.map((c) => (c.id === moved.id ? moved : c));
        const expected = conflictsIn(after, rs, cal, ALL).filter((v) => v.campaign_ids.includes(moved.id)).map(violationKey).sort();
        const got = checkPlacement(moved, planningIndex(campaigns), rs, cal);
        expect(got.map(violationKey).sort()).toEqual(expected);
      }),
    );
  });

  it('a load rule is broken exactly when a period holds more go-lives than its limit', () => {
    fc.assert(
      fc.property(plan, fc.integer({ min: 1, max: 4 }), fc.constantFrom('day' as const, 'week' as const), (campaigns, limit, period) => {
        const r = rule({ kind: 'channel_load', channel: 'email', limit, period });
        const counts = new Map<string, number>();
        for (const c of campaigns) if (c.channels.includes('email')) counts.set(periodStart(c.live_date, period), (counts.get(periodStart(c.live_date, period)) ?? 0) + 1);
        const over = [...counts].filter(([, n]) => n > limit).map(([d]) => d).sort();
        const found = conflictsIn(campaigns, [r], STANDARD_CALENDAR, ALL);
        expect(found.map((v) => v.date)).toEqual(over);
        for (const v of found) expect(v.campaign_ids.length).toBe(counts.get(v.date));
      }),
    );
  });

  it('judging a range finds what judging everything finds within it, given the window’s campaigns', () => {
    fc.assert(
      fc.property(plan, rules, day, fc.integer({ min: 0, max: 20 }), (campaigns, rs, from, len) => {
        const range = { from, to: addDays(from, len) };
        const window = rulesWindow(rs, range);
        const visible = campaigns.filter((c) => c.live_date >= window.from && c.live_date <= window.to);
        const touches = (ids: readonly string[]) => ids.some((id) => {
          const d = campaigns.find((c) => c.id === id)!.live_date;
          return d >= range.from && d <= range.to;
        });
        const full = conflictsIn(campaigns, rs, cal, ALL).filter((v) => touches(v.campaign_ids)).map(violationKey).sort();
        expect(conflictsIn(visible, rs, cal, range).map(violationKey).sort()).toEqual(full);
      }),
    );
  });

  it('no rules, no conflicts; a violation’s campaigns are conflicted', () => {
    fc.assert(
      fc.property(plan, rules, (campaigns, rs) => {
        expect(conflictsIn(campaigns, [], cal, ALL)).toEqual([]);
        const found = conflictsIn(campaigns, rs, cal, ALL);
        const ids = conflictedIds(found);
        for (const v of found) for (const id of v.campaign_ids) expect(ids.has(id)).toBe(true);
      }),
    );
  });
});

describe('the Conflicts filter (conflicts=1)', () => {
  const limit = rule({ kind: 'channel_load', limit: 1, period: 'week', channel: 'email' });
  it('keeps the campaigns in a conflict with a go-live in the window, with their week-mates outside it', () => {
    const a = campaign({ live_date: '2026-12-20' });
    const b = campaign({ live_date: '2026-12-21' });
    const c = campaign({ live_date: '2026-12-22' });
    const lone = campaign({ live_date: '2026-12-29' });
    const plan = [a, b, c, lone];
    expect([...conflictFilterIds(plan, [limit], STANDARD_CALENDAR, { from: '2026-12-22', to: '2026-12-31' })].sort()).toEqual([b.id, c.id].sort());
    expect(conflictFilterIds(plan, [limit], STANDARD_CALENDAR, { from: '2026-12-28', to: '2026-12-31' }).size).toBe(0);
    // No window: every go-live; a backwards window is read the right way round.
    expect(conflictFilterIds(plan, [limit], STANDARD_CALENDAR, {}).size).toBe(2);
    expect(conflictFilterIds(plan, [limit], STANDARD_CALENDAR, { from: '2026-12-31', to: '2026-12-22' }).size).toBe(2);
    expect(conflictFilterIds(plan, [], STANDARD_CALENDAR, {}).size).toBe(0);
    expect(conflictFilterRange({ to: '2026-12-31' })).toEqual({ from: '0000-01-01', to: '2026-12-31' });
  });
});
