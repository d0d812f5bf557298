import { describe, expect, it } from 'vitest';
import { can, type Principal } from '../policy';
import { changedFields, decodeHistoryCursor, encodeHistoryCursor, planRevert, type HistoryEntryFacts } from './history';

const user = (p: Partial<Principal> = {}): Principal => ({ userId: 'u1', role: null, permissions: [], ...p });
const admin = user({ role: 'admin' });
const emailViewer = user({ permissions: [{ permission_type: 'channel_view', channel: 'email' }] });
const onEmail = { scope: 'channel', primary_channel: 'email', channels: ['email'], created_by: 'u2' };
const onSeo = { scope: 'channel', primary_channel: 'seo', channels: ['seo'], created_by: 'u2' };
const campaignEntry = { resource: 'campaigns' as const, row_id: 'c1' };

/** May `p` read the entry, whose row is `current` now and was `lastRow` when last deleted? */
const readsEntry = (p: Principal, entry: Pick<HistoryEntryFacts, 'resource' | 'row_id'>, current: object | undefined, lastRow: object | undefined) =>
  can(p, 'read', 'history', { ...entry, current, lastRow });

describe("can(p, 'read', 'history', entry)", () => {
  it('should judge a row that exists as it is now', () => {
    expect(readsEntry(emailViewer, campaignEntry, onEmail, onSeo)).toBe(true);
    expect(readsEntry(emailViewer, campaignEntry, onSeo, onEmail)).toBe(false);
  });

  it('should judge a deleted row as it was when deleted, and one with no record as administrators only', () => {
    expect(readsEntry(emailViewer, campaignEntry, undefined, onEmail)).toBe(true);
    expect(readsEntry(emailViewer, campaignEntry, undefined, onSeo)).toBe(false);
    expect(readsEntry(emailViewer, campaignEntry, undefined, undefined)).toBe(false);
    expect(readsEntry(admin, campaignEntry, undefined, undefined)).toBe(true);
  });

  it('should keep permission, role and key entries for administrators, and everything from read-only keys', () => {
    for (const resource of ['permissions', 'roles', 'access-keys'] as const) {
      expect(readsEntry(admin, { resource, row_id: 'x' }, undefined, undefined)).toBe(true);
      expect(readsEntry(emailViewer, { resource, row_id: 'x' }, undefined, undefined)).toBe(false);
      expect(readsEntry({ ...admin, channels: ['email'] }, { resource, row_id: 'x' }, undefined, undefined)).toBe(false);
    }
    expect(readsEntry({ ...admin, readOnly: true }, campaignEntry, onEmail, undefined)).toBe(false);
    // A writing key limited to a channel reads what its channels allow.
    expect(readsEntry({ ...admin, channels: ['seo'] }, campaignEntry, onEmail, undefined)).toBe(false);
    expect(readsEntry({ ...admin, channels: ['email'] }, campaignEntry, onEmail, undefined)).toBe(true);
  });

  it("should keep administrators' records from every key, even an administrator's full write key", () => {
    const fullKey = { ...admin, accessKeyId: 'k1' };
    for (const resource of ['permissions', 'roles', 'access-keys'] as const) expect(readsEntry(fullKey, { resource, row_id: 'x' }, undefined, undefined)).toBe(false);
    // Its creator's campaigns it still reads.
    expect(readsEntry(fullKey, campaignEntry, onEmail, undefined)).toBe(true);
  });

  it("should show an import's entry to whoever may read that kind of row", () => {
    expect(readsEntry(emailViewer, { resource: 'events', row_id: null }, undefined, undefined)).toBe(false);
    expect(readsEntry(user({ permissions: [{ permission_type: 'channel_view', channel: 'events' }] }), { resource: 'events', row_id: null }, undefined, undefined)).toBe(true);
  });
});

describe('changedFields', () => {
  it('should keep only patched fields whose value changed, with both values, never bookkeeping', () => {
    const before = { title: 'A', live_date: '2030-03-04', channels: ['email'], version: 1, updated_at: 'x' };
    const after = { title: 'A', live_date: '2030-03-11', channels: ['email', 'seo'], version: 2, updated_at: 'y' };
    expect(changedFields(before, after, ['title', 'live_date', 'channels', 'version', 'updated_at'])).toEqual({
      live_date: { before: '2030-03-04', after: '2030-03-11' },
      channels: { before: ['email'], after: ['email', 'seo'] },
    });
    expect(changedFields({ notes: undefined }, { notes: 'n' }, ['notes'])).toEqual({ notes: { before: null, after: 'n' } });
  });
});

describe('planRevert', () => {
  const update: HistoryEntryFacts = { id: '5', resource: 'campaigns', row_id: 'c1', action: 'update', row: null, changes: { live_date: { before: '2030-03-04', after: '2030-03-11' }, title: { before: 'A', after: 'B' } } };

  it("should put an update's before values back when nothing touched them since", () => {
    expect(planRevert(update, { live_date: '2030-03-11', title: 'B' }, [{ action: 'update', changes: { notes: { before: null, after: 'x' } } }])).toEqual({
      kind: 'update', patch: { live_date: '2030-03-04', title: 'A' },
    });
  });

  it('should refuse, naming the fields, when a later change touched them or the row holds other values', () => {
    expect(planRevert(update, { live_date: '2030-03-11', title: 'C' }, [{ action: 'update', changes: { title: { before: 'B', after: 'C' } } }])).toMatchObject({ kind: 'conflict', fields: ['title'] });
    // Changed and changed back is still a later change.
    expect(planRevert(update, { live_date: '2030-03-11', title: 'B' }, [{ action: 'update', changes: { title: { before: 'C', after: 'B' } } }])).toMatchObject({ kind: 'conflict', fields: ['title'] });
    // Changed without an entry (a cascade): the stored value tells.
    expect(planRevert(update, { live_date: '2030-04-01', title: 'B' }, [])).toMatchObject({ kind: 'conflict', fields: ['live_date'] });
    expect(planRevert(update, undefined, [])).toMatchObject({ kind: 'conflict', fields: ['id'] });
  });

  it('should recreate a deleted row, and refuse when it exists again or was not kept', () => {
    const del: HistoryEntryFacts = { ...update, action: 'delete', changes: null, row: { id: 'c1', title: 'B' } };
    expect(planRevert(del, undefined, [])).toEqual({ kind: 'recreate', row: { id: 'c1', title: 'B' } });
    expect(planRevert(del, { id: 'c1' }, [])).toMatchObject({ kind: 'conflict' });
    expect(planRevert({ ...del, row: null }, undefined, [])).toMatchObject({ kind: 'refused' });
  });

  it('should refuse to undo a promote that would leave a channel campaign in other channels', () => {
    const promote: HistoryEntryFacts = {
      id: '9', resource: 'campaigns', row_id: 'c1', action: 'promote', row: null,
      changes: { scope: { before: 'channel', after: 'global' }, primary_channel: { before: 'email', after: null } },
    };
    const promoted = { scope: 'global', primary_channel: null, channels: ['email'] };
    expect(planRevert(promote, promoted, [])).toEqual({ kind: 'update', patch: { scope: 'channel', primary_channel: 'email' } });
    // Channels added after the promote: the channel campaign it would make would be on three.
    expect(planRevert(promote, { ...promoted, channels: ['email', 'seo', 'pr'] }, [{ action: 'update', changes: { channels: { before: ['email'], after: ['email', 'seo', 'pr'] } } }])).toMatchObject({
      kind: 'conflict', fields: ['channels'],
    });
  });

  it('should delete a created row only if nothing changed it since', () => {
    const create: HistoryEntryFacts = { ...update, action: 'create', changes: null };
    expect(planRevert(create, { id: 'c1' }, [])).toEqual({ kind: 'delete' });
    expect(planRevert(create, { id: 'c1' }, [{ action: 'update', changes: { title: { before: 'A', after: 'B' } } }])).toMatchObject({ kind: 'conflict', fields: ['title'] });
  });

  it('should refuse entries of administrators\' records and imports', () => {
    expect(planRevert({ ...update, resource: 'permissions', action: 'grant' }, undefined, [])).toMatchObject({ kind: 'refused' });
    expect(planRevert({ ...update, resource: 'events', row_id: null, action: 'import' }, undefined, [])).toMatchObject({ kind: 'refused' });
  });
});

describe('history cursors', () => {
  it('should round-trip an entry id and refuse anything else', () => {
    expect(decodeHistoryCursor(encodeHistoryCursor('12345'))).toBe('12345');
    for (const bad of ['', '12345', 'h', 'hx1', 'h-1', `h${'9'.repeat(19)}`]) expect(decodeHistoryCursor(bad)).toBeNull();
  });
});
