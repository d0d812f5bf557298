import { describe, expect, it } from 'vitest';
import { addDays, todayYmd } from '../dates';
import { campaignFilterSchema } from '../schemas/campaign-filter';
import { campaignFilterParams, campaignMatchesFilter, isFiltered, type CampaignFilterFields } from './campaign-filter';
import { parseCampaignFilterParams } from './campaign-filter-params';
import { campaignMatchesQuery } from './campaign-query';

const row = (fields: Partial<CampaignFilterFields> = {}): CampaignFilterFields => ({
  title: 'Spring launch',
  description: 'Newsletter for the 50% sale',
  owner: 'Dana Reyes',
  channels: ['email', 'social'],
  status: 'live',
  priority: 'high',
  scope: 'global',
  ...fields,
});

describe('campaignMatchesFilter', () => {
  it('keeps a campaign that runs on any of the chosen channels, and a single channel as before', () => {
    expect(campaignMatchesFilter(row(), { channel: ['paid', 'social'] })).toBe(true);
    expect(campaignMatchesFilter(row(), { channel: 'email' })).toBe(true);
    expect(campaignMatchesFilter(row(), { channel: ['paid', 'seo'] })).toBe(false);
    expect(campaignMatchesFilter(row(), { channel: [] })).toBe(true);
  });

  it('requires status, priority and scope to be equal, and every given filter to hold', () => {
    expect(campaignMatchesFilter(row(), { status: 'live', priority: 'high', scope: 'global' })).toBe(true);
    expect(campaignMatchesFilter(row(), { status: 'planning' })).toBe(false);
    expect(campaignMatchesFilter(row(), { priority: 'low' })).toBe(false);
    expect(campaignMatchesFilter(row(), { scope: 'channel' })).toBe(false);
    expect(campaignMatchesFilter(row(), { status: 'live', channel: ['paid'] })).toBe(false);
  });

  it('matches the owner exactly but ignoring case', () => {
    expect(campaignMatchesFilter(row(), { owner: 'dana reyes' })).toBe(true);
    expect(campaignMatchesFilter(row(), { owner: 'Dana' })).toBe(false);
    expect(campaignMatchesFilter(row({ owner: null }), { owner: 'Dana Reyes' })).toBe(false);
  });

  it('finds the search text in the title, the description or the owner, ignoring case', () => {
    expect(campaignMatchesFilter(row(), { q: 'LAUNCH' })).toBe(true);
    expect(campaignMatchesFilter(row(), { q: '50% sale' })).toBe(true);
    expect(campaignMatchesFilter(row(), { q: 'reyes' })).toBe(true);
    expect(campaignMatchesFilter(row(), { q: 'webinar' })).toBe(false);
    expect(campaignMatchesFilter(row({ description: null, owner: null }), { q: 'sale' })).toBe(false);
  });

  describe('the task filters', () => {
    const me = 'aaaaaaaa-0000-4000-8000-000000000000';
    const other = 'bbbbbbbb-0000-4000-8000-000000000000';
    const tasks = (next_due: string | null, assignees: string[]) => row({ task_summary: { total: 2, done: 0, open_required: 0, next_due, assignees } });

    it('keeps a campaign with a task assigned to the user, `me` being the caller', () => {
      expect(campaignMatchesFilter(tasks(null, [me]), { assignee: me })).toBe(true);
      expect(campaignMatchesFilter(tasks(null, [me]), { assignee: other })).toBe(false);
      expect(campaignMatchesFilter(tasks(null, [me]), { assignee: 'me' }, { me })).toBe(true);
      expect(campaignMatchesFilter(tasks(null, [me]), { assignee: 'me' }, { me: other })).toBe(false);
      // No caller to resolve `me` with, no summary (an event), a summary from before assignees: nothing.
      expect(campaignMatchesFilter(tasks(null, [me]), { assignee: 'me' })).toBe(false);
      expect(campaignMatchesFilter(row(), { assignee: me })).toBe(false);
      expect(campaignMatchesFilter(row({ task_summary: { total: 1, done: 0, open_required: 0, next_due: null } }), { assignee: me })).toBe(false);
    });

    it('keeps a campaign whose earliest open task was due before today, today given or this zone\'s', () => {
      expect(campaignMatchesFilter(tasks('2026-03-01', []), { overdue: '1' }, { today: '2026-03-02' })).toBe(true);
      expect(campaignMatchesFilter(tasks('2026-03-02', []), { overdue: '1' }, { today: '2026-03-02' })).toBe(false);
      expect(campaignMatchesFilter(tasks(null, []), { overdue: '1' }, { today: '2026-03-02' })).toBe(false);
      expect(campaignMatchesFilter(row(), { overdue: '1' }, { today: '2026-03-02' })).toBe(false);
      expect(campaignMatchesFilter(tasks(todayYmd(), []), { overdue: '1' })).toBe(false);
      expect(campaignMatchesFilter(tasks(addDays(todayYmd(), -1), []), { overdue: '1' })).toBe(true);
    });
  });

  it('keeps the campaigns a user owns (owner_id; `me` the caller): "my campaigns"', () => {
    const me = 'aaaaaaaa-0000-4000-8000-000000000000';
    expect(campaignMatchesFilter(row({ owner_id: me }), { owner_id: me })).toBe(true);
    expect(campaignMatchesFilter(row({ owner_id: me }), { owner_id: 'me' }, { me })).toBe(true);
    expect(campaignMatchesFilter(row({ owner_id: me }), { owner_id: 'me' })).toBe(false);
    expect(campaignMatchesFilter(row({ owner_id: null }), { owner_id: me })).toBe(false);
    expect(campaignMatchesFilter(row(), { owner_id: me })).toBe(false);
    expect(campaignFilterSchema.safeParse({ owner_id: 'Dana' }).error?.issues[0]).toMatchObject({ path: ['owner_id'], message: 'Must be a user id or "me"' });
    expect(parseCampaignFilterParams(new URLSearchParams('owner_id=me')).filter).toEqual({ owner_id: 'me' });
  });

  it('is part of what the list answers for a window', () => {
    const dated = { ...row(), planning_start_date: '2026-03-01', live_date: '2026-03-10', end_date: '2026-03-20' };
    expect(campaignMatchesQuery(dated, { from: '2026-03-01', to: '2026-03-31', channel: ['social'], q: 'spring' })).toBe(true);
    expect(campaignMatchesQuery(dated, { from: '2026-03-01', to: '2026-03-31', priority: 'low' })).toBe(false);
  });
});

describe('the filter schema (the API parameters)', () => {
  it('takes channels comma-separated or repeated, once each', () => {
    expect(campaignFilterSchema.parse({ channel: 'email,social,email' }).channel).toEqual(['email', 'social']);
    expect(campaignFilterSchema.parse({ channel: ['email', 'paid'] }).channel).toEqual(['email', 'paid']);
  });

  it('refuses an unknown channel, status or parameter, naming it', () => {
    const bad = campaignFilterSchema.safeParse({ channel: 'email,fax' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['channel'], message: expect.stringContaining('fax') });
    expect(campaignFilterSchema.safeParse({ status: 'done' }).error?.issues[0]?.path).toEqual(['status']);
    expect(campaignFilterSchema.safeParse({ colour: 'red' }).success).toBe(false);
    expect(campaignFilterSchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(campaignFilterSchema.safeParse({ assignee: 'dana' }).error?.issues[0]).toMatchObject({ path: ['assignee'], message: 'Must be a user id or "me"' });
    expect(campaignFilterSchema.safeParse({ overdue: 'yes' }).error?.issues[0]).toMatchObject({ path: ['overdue'], message: 'Must be 1' });
    expect(campaignFilterSchema.parse({ assignee: 'AAAAAAAA-0000-4000-8000-000000000000', overdue: '1' })).toEqual({ assignee: 'aaaaaaaa-0000-4000-8000-000000000000', overdue: '1' });
    expect(campaignFilterSchema.parse({ assignee: 'me' })).toEqual({ assignee: 'me' });
  });

  it('keeps, behind conflicts=1, only the campaigns the context names as conflicted (none given: none)', () => {
    const ctx = { conflicted: new Set(['c1']) };
    expect(campaignMatchesFilter(row({ id: 'c1' }), { conflicts: '1' }, ctx)).toBe(true);
    expect(campaignMatchesFilter(row({ id: 'c2' }), { conflicts: '1' }, ctx)).toBe(false);
    expect(campaignMatchesFilter(row({ id: 'c1' }), { conflicts: '1' })).toBe(false);
    expect(campaignMatchesFilter(row(), { conflicts: '1' }, ctx)).toBe(false);
    expect(campaignMatchesFilter(row({ id: 'c2' }), {}, ctx)).toBe(true);
    expect(campaignFilterSchema.safeParse({ conflicts: 'yes' }).error?.issues[0]).toMatchObject({ path: ['conflicts'], message: 'Must be 1' });
    const { filter, dropped } = parseCampaignFilterParams(new URLSearchParams('conflicts=1&status=live'));
    expect(dropped).toEqual([]);
    expect(new URLSearchParams(campaignFilterParams(filter)).toString()).toBe('status=live&conflicts=1');
    expect(parseCampaignFilterParams(new URLSearchParams('conflicts=true')).dropped?.map((d) => [d.param, d.reason])).toEqual([['conflicts', 'Must be 1']]);
  });

  it('treats an empty search or owner as no filter', () => {
    expect(campaignFilterSchema.parse({ q: '  ', owner: '' })).toEqual({});
    expect(campaignFilterSchema.parse({ q: ' launch ' })).toEqual({ q: 'launch' });
  });
});

describe('filters in a query string', () => {
  it('reads every filter and leaves the other parameters to the caller', () => {
    const { filter, dropped, rest } = parseCampaignFilterParams(
      new URLSearchParams('tab=calendar&channel=email,social&status=live&priority=high&scope=global&owner=Dana&q=launch'),
    );
    expect(filter).toEqual({ channel: ['email', 'social'], status: 'live', priority: 'high', scope: 'global', owner: 'Dana', q: 'launch' });
    expect(dropped).toEqual([]);
    expect([...rest]).toEqual([['tab', 'calendar']]);
  });

  it('drops a bad value with its reason and keeps the good ones, never throwing', () => {
    const { filter, dropped } = parseCampaignFilterParams(new URLSearchParams('status=finished&channel=email,telex&q=ok&priority=urgent'));
    expect(filter).toEqual({ q: 'ok' });
    expect(dropped.map((d) => d.param)).toEqual(['status', 'channel', 'priority']);
    expect(dropped[1]).toMatchObject({ value: 'email,telex', reason: expect.stringContaining('telex') });
  });

  it('keeps the first of a repeated parameter and reports the second', () => {
    const { filter, dropped } = parseCampaignFilterParams(new URLSearchParams('status=live&status=planning'));
    expect(filter).toEqual({ status: 'live' });
    expect(dropped).toEqual([{ param: 'status', value: 'planning', reason: expect.any(String) }]);
  });

  it('writes a filter back in a fixed order that reads back the same', () => {
    const filter = { q: 'launch', status: 'live' as const, channel: ['email' as const, 'social' as const] };
    const pairs = campaignFilterParams(filter);
    expect(new URLSearchParams(pairs).toString()).toBe('channel=email%2Csocial&status=live&q=launch');
    expect(parseCampaignFilterParams(new URLSearchParams(pairs)).filter).toEqual(filter);
    expect(campaignFilterParams({ channel: [] })).toEqual([]);
  });

  it('reads and writes the task filters as a saved view stores them', () => {
    const { filter, dropped } = parseCampaignFilterParams(new URLSearchParams('assignee=me&overdue=1&status=live'));
    expect(dropped).toEqual([]);
    expect(filter).toEqual({ assignee: 'me', overdue: '1', status: 'live' });
    expect(new URLSearchParams(campaignFilterParams(filter)).toString()).toBe('status=live&assignee=me&overdue=1');
    const bad = parseCampaignFilterParams(new URLSearchParams('assignee=dana&overdue=true'));
    expect(bad.filter).toEqual({});
    expect(bad.dropped.map((d) => [d.param, d.reason])).toEqual([['assignee', 'Must be a user id or "me"'], ['overdue', 'Must be 1']]);
  });

  it('says whether anything is filtered', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ q: 'x' })).toBe(true);
  });
});
