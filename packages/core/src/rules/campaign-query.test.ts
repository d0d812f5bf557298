import { describe, expect, it } from 'vitest';
import { applyCampaignChange, campaignMatchesQuery, compareCampaignOrder, isCampaignEcho, isPagedCampaignQuery } from './campaign-query';
import type { ApprovalSummaryEntry } from './approvals';

type Row = Parameters<typeof campaignMatchesQuery>[0] & { id: string; version: number; created_at: string };

const row = (fields: Partial<Row> = {}): Row => ({
  id: 'b',
  version: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  planning_start_date: '2026-03-10',
  live_date: '2026-03-20',
  end_date: '2026-03-31',
  channels: ['email'],
  status: 'planning',
  scope: 'global',
  ...fields,
});

describe('campaignMatchesQuery', () => {
  it('should keep a campaign whose span touches the window, edges included', () => {
    expect(campaignMatchesQuery(row(), { from: '2026-03-31', to: '2026-04-30' })).toBe(true);
    expect(campaignMatchesQuery(row(), { from: '2026-02-01', to: '2026-03-10' })).toBe(true);
    expect(campaignMatchesQuery(row(), { from: '2026-03-15', to: '2026-03-16' })).toBe(true);
  });

  it('should drop a campaign that ends before the window or starts after it', () => {
    expect(campaignMatchesQuery(row(), { from: '2026-04-01', to: '2026-04-30' })).toBe(false);
    expect(campaignMatchesQuery(row(), { from: '2026-02-01', to: '2026-03-09' })).toBe(false);
  });

  it('should take the earliest and latest of its dates, whatever their order', () => {
    const early = row({ planning_start_date: '2026-03-20', live_date: '2026-03-05', end_date: '2026-03-08' });
    expect(campaignMatchesQuery(early, { from: '2026-02-01', to: '2026-03-05' })).toBe(true);
    expect(campaignMatchesQuery(early, { from: '2026-03-20', to: '2026-03-25' })).toBe(true);
    expect(campaignMatchesQuery(early, { from: '2026-03-21', to: '2026-03-25' })).toBe(false);
  });

  it('should keep an ongoing campaign (no end date) in every window from its first date on', () => {
    const ongoing = row({ end_date: null });
    expect(campaignMatchesQuery(ongoing, { from: '2027-01-01', to: '2027-01-31' })).toBe(true);
    expect(campaignMatchesQuery(ongoing, { from: '2026-01-01', to: '2026-03-09' })).toBe(false);
  });

  it('should apply the channel, status and scope filters, and an open-ended window', () => {
    expect(campaignMatchesQuery(row({ channels: ['email', 'social'] }), { channel: 'social' })).toBe(true);
    expect(campaignMatchesQuery(row(), { channel: 'social' })).toBe(false);
    expect(campaignMatchesQuery(row(), { status: 'live' })).toBe(false);
    expect(campaignMatchesQuery(row(), { scope: 'channel' })).toBe(false);
    expect(campaignMatchesQuery(row(), { from: '2026-03-31' })).toBe(true);
    expect(campaignMatchesQuery(row(), { to: '2026-03-09' })).toBe(false);
    expect(campaignMatchesQuery(row(), {})).toBe(true);
  });
});

describe('compareCampaignOrder and isPagedCampaignQuery', () => {
  it('should order newest first, then by id descending', () => {
    const list = [row({ id: 'a' }), row({ id: 'c' }), row({ id: 'z', created_at: '2026-02-01T00:00:00.000Z' }), row({ id: 'q', created_at: '2026-03-02T00:00:00Z' })];
    expect(list.sort(compareCampaignOrder).map((c) => c.id)).toEqual(['q', 'c', 'a', 'z']);
  });

  it('should call a query with a limit or offset a page', () => {
    expect(isPagedCampaignQuery({ limit: 50 })).toBe(true);
    expect(isPagedCampaignQuery({ offset: 0 })).toBe(true);
    expect(isPagedCampaignQuery({ from: '2026-03-01' })).toBe(false);
  });
});

describe('applyCampaignChange', () => {
  const march = { from: '2026-03-01', to: '2026-03-31' };
  const newer = row({ id: 'n', created_at: '2026-03-05T00:00:00.000Z' });
  const older = row({ id: 'o', created_at: '2026-01-05T00:00:00.000Z' });

  it('should insert a matching row in the server order', () => {
    const list = [newer, older];
    const middle = row({ id: 'm', created_at: '2026-02-01T00:00:00.000Z' });
    expect(applyCampaignChange(list, { op: 'insert', row: middle }, march).map((c) => c.id)).toEqual(['n', 'm', 'o']);
    const newest = row({ id: 'x', created_at: '2026-04-01T00:00:00.000Z' });
    expect(applyCampaignChange(list, { op: 'insert', row: newest }, march).map((c) => c.id)).toEqual(['x', 'n', 'o']);
    const oldest = row({ id: 'y', created_at: '2025-04-01T00:00:00.000Z' });
    expect(applyCampaignChange(list, { op: 'insert', row: oldest }, march).map((c) => c.id)).toEqual(['n', 'o', 'y']);
  });

  it('should leave the list alone for a row outside the query', () => {
    const list = [newer];
    const april = row({ id: 'a', planning_start_date: '2026-04-02', live_date: '2026-04-03', end_date: null });
    expect(applyCampaignChange(list, { op: 'insert', row: april }, march)).toBe(list);
  });

  it('should replace an updated row in place, and drop it when it moves out of the query', () => {
    const list = [newer, older];
    const renamed = { ...older, version: 2, status: 'live' as const };
    expect(applyCampaignChange(list, { op: 'update', row: renamed }, march)).toEqual([newer, renamed]);
    expect(applyCampaignChange(list, { op: 'update', row: renamed }, { ...march, status: 'planning' })).toEqual([newer]);
    const moved = { ...older, version: 2, planning_start_date: '2026-05-01', live_date: '2026-05-02', end_date: null };
    expect(applyCampaignChange(list, { op: 'update', row: moved }, march)).toEqual([newer]);
  });

  it('should add a row an update moves into the query', () => {
    const moved = { ...older, version: 2, channels: ['email' as const, 'social' as const] };
    const social = { ...newer, channels: ['social' as const] };
    expect(applyCampaignChange([social], { op: 'update', row: moved }, { channel: 'social' })).toEqual([social, moved]);
  });

  it('should ignore a row that is not newer than the listed one', () => {
    const list = [newer];
    expect(applyCampaignChange(list, { op: 'update', row: { ...newer, status: 'live' } }, march)).toBe(list);
    expect(applyCampaignChange([{ ...newer, version: 3 }], { op: 'update', row: { ...newer, version: 2, end_date: '2026-02-01' } }, march)).toHaveLength(1);
  });

  it('should take the same version with another task summary: a task changed, the campaign did not (docs/adr/0049)', () => {
    const summary = (done: number) => ({ total: 3, done, open_required: 0, next_due: null });
    const listed = { ...newer, task_summary: summary(1) };
    const list = [listed];
    expect(applyCampaignChange(list, { op: 'update', row: { ...listed, task_summary: summary(1) } }, march)).toBe(list);
    expect(applyCampaignChange(list, { op: 'update', row: { ...listed, task_summary: summary(2) } }, march)).toEqual([{ ...listed, task_summary: summary(2) }]);
    expect(applyCampaignChange(list, { op: 'update', row: { ...listed, version: 0, task_summary: summary(2) } }, march)).toBe(list);
    expect(isCampaignEcho({ ...listed, task_summary: summary(2) }, listed)).toBe(false);
  });

  it('should take the same version with another approval summary: a review moved, the campaign did not (docs/adr/0056)', () => {
    const listed: typeof newer & { approval_summary: ApprovalSummaryEntry[] | null } = { ...newer, approval_summary: [{ channel: 'email', state: 'pending' }] };
    const list = [listed];
    expect(applyCampaignChange(list, { op: 'update', row: { ...listed, approval_summary: [{ channel: 'email', state: 'pending' }] } }, march)).toBe(list);
    const approved = { ...listed, approval_summary: [{ channel: 'email' as const, state: 'approved' as const }] };
    expect(applyCampaignChange(list, { op: 'update', row: approved }, march)).toEqual([approved]);
    expect(applyCampaignChange(list, { op: 'update', row: { ...approved, version: 0 } }, march)).toBe(list);
    expect(isCampaignEcho({ ...listed, approval_summary: null }, listed)).toBe(false);
    // A row without the field (an older server) says nothing of it.
    expect(isCampaignEcho(newer, listed)).toBe(true);
  });

  it('should remove a deleted row and ignore one it does not list', () => {
    const list = [newer, older];
    expect(applyCampaignChange(list, { op: 'delete', id: 'o' }, march)).toEqual([newer]);
    expect(applyCampaignChange(list, { op: 'delete', id: 'nope' }, march)).toBe(list);
  });
});
