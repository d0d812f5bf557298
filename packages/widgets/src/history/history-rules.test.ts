import type { HistoryEntry } from '@cadence/core';
import { describe, expect, it } from 'vitest';
import { actorName, changePhrases, describeAction, fieldLabel, formatValue, historySentence, isRevertible, revertDescription } from './history-rules';

const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: '7', at: '2026-03-11T08:00:00.000Z', actor: { id: 'u1', email: 'ann@example.com' }, key: null, request_id: null,
  resource: 'campaigns', row_id: 'c1', action: 'update', changes: { live_date: { before: '2026-03-04', after: '2026-03-11' } }, row: null, reverts: null,
  ...over,
});

describe('history sentences', () => {
  it('should say who changed which field from what to what, and when', () => {
    expect(historySentence(entry(), new Date('2026-03-11T10:00:00Z'))).toBe('ann@example.com changed Live Date Mar 04, 2026 → Mar 11, 2026, about 2 hours ago');
  });

  it('should use the dialogs’ labels and words for other fields', () => {
    expect(fieldLabel('title')).toBe('Title');
    expect(fieldLabel('title', 'campaigns')).toBe('Campaign Title');
    expect(fieldLabel('goals')).toBe('Goals & Objectives');
    expect(fieldLabel('website_focus')).toBe('Website Focus');
  });

  it('should show empty values, lists and long text readably', () => {
    expect(formatValue(null)).toBe('(empty)');
    expect(formatValue('')).toBe('(empty)');
    expect(formatValue([])).toBe('(empty)');
    expect(formatValue(['email', 'social'])).toBe('email, social');
    expect(formatValue('x'.repeat(60))).toHaveLength(40);
    expect(formatValue('x'.repeat(60)).endsWith('…')).toBe(true);
    expect(formatValue(3)).toBe('3');
  });

  it('should list every changed field of one entry', () => {
    expect(changePhrases(entry({ changes: { title: { before: 'Launch', after: 'Launch!' }, end_date: { before: null, after: '2026-04-01' } } })))
      .toEqual(['Campaign Title Launch → Launch!', 'End Date (empty) → Apr 01, 2026']);
  });

  it('should describe creates, deletes, reverts and promotions', () => {
    expect(describeAction(entry({ action: 'create', changes: null }))).toBe('created this campaign');
    expect(describeAction(entry({ action: 'delete', changes: null, row: { title: 'Launch' } }), true)).toBe('deleted a campaign “Launch”');
    expect(describeAction(entry({ resource: 'events', action: 'create', changes: null }), true)).toBe('created an event');
    expect(describeAction(entry({ reverts: '3' }))).toBe('reverted Live Date Mar 04, 2026 → Mar 11, 2026');
    expect(describeAction(entry({ action: 'promote' }))).toBe('promoted this campaign to a global campaign');
    expect(describeAction(entry({ action: 'import', row_id: null, changes: null, row: { imported: 2000 } }), true)).toBe('imported 2,000 campaigns');
    expect(describeAction(entry({ resource: 'events', action: 'import', row_id: null, changes: null, row: { imported: 1 } }), true)).toBe('imported 1 event');
    // In the row's own tab: where that row came from.
    expect(describeAction(entry({ action: 'import', row_id: null, changes: null, row: { imported: 2000 } }))).toBe('imported this campaign from a file of 2,000 campaigns');
    expect(describeAction(entry({ resource: 'events', action: 'import', row_id: null, changes: null, row: { imported: 1 } }))).toBe('imported this event from a file');
  });

  it('should name a key’s owner and the key, or Someone when the account is gone', () => {
    expect(actorName(entry({ key: { id: 'k1', name: 'Zapier' } }))).toBe('ann@example.com (key Zapier)');
    expect(actorName(entry({ actor: null }))).toBe('Someone');
  });
});

describe('entries written in a channel the reader cannot see', () => {
  it('should name the fields without values, and offer no Revert', () => {
    const withheld = entry({ withheld: true, changes: { title: { before: null, after: null }, live_date: { before: null, after: null } } });
    expect(describeAction(withheld)).toBe('changed Campaign Title, Live Date in a channel you cannot see');
    expect(describeAction(entry({ withheld: true, action: 'delete', changes: null }))).toBe('deleted this campaign in a channel you cannot see');
    expect(isRevertible(withheld)).toBe(false);
  });
});

describe('isRevertible', () => {
  it('should offer Revert for the product’s own changes, creates and deletes only', () => {
    expect(isRevertible(entry())).toBe(true);
    expect(isRevertible(entry({ action: 'delete', changes: null }))).toBe(true);
    expect(isRevertible(entry({ changes: {} }))).toBe(false);
    expect(isRevertible(entry({ resource: 'permissions', action: 'grant' }))).toBe(false);
    expect(isRevertible(entry({ action: 'import', row_id: null }))).toBe(false);
  });

  it('should describe what a revert puts back', () => {
    expect(revertDescription(entry())).toBe('Puts back Live Date Mar 04, 2026');
    expect(revertDescription(entry({ action: 'delete' }))).toBe('Recreates the campaign this entry deleted');
  });
});
