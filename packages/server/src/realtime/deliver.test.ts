import type { Principal } from '@cadence/core';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../auth/auth-state';
import { changesWhoCallerIs, deliver, type Subscription } from './deliver';
import type { ChangeRecord } from './hub';

const admin: Principal = { userId: 'u-admin', role: 'admin', permissions: [] };
const emailViewer: Principal = { userId: 'u-viewer', role: null, permissions: [{ permission_type: 'channel_view', channel: 'email' }] };

const campaignRow = (channel: string) => ({ id: `c-${channel}`, title: channel, scope: 'global', primary_channel: null, channels: [channel], created_by: 'u-admin' });
const change = (over: Partial<ChangeRecord> & Pick<ChangeRecord, 'topic'>): ChangeRecord => ({
  seq: 7,
  op: 'insert',
  row_id: 'row-1',
  row: null,
  ...over,
});
const sub = (topic: Subscription['topic'], filter?: Subscription['filter']): Subscription => ({ topic, filter });

describe('deliver', () => {
  it('should send a subscriber who may read the row the row as logged', () => {
    const row = campaignRow('email');
    expect(deliver(change({ topic: 'campaigns', row }), emailViewer, [sub('campaigns')])).toEqual({
      type: 'change',
      seq: 7,
      topic: 'campaigns',
      op: 'insert',
      row,
    });
  });

  it('should send nothing to a subscriber who may not read the row', () => {
    expect(deliver(change({ topic: 'campaigns', row: campaignRow('seo') }), emailViewer, [sub('campaigns')])).toBeNull();
    expect(deliver(change({ topic: 'ideas', op: 'update', row: { id: 'i1' } }), { ...emailViewer, channels: ['email'] }, [sub('ideas')])).toBeNull();
  });

  it('should send nothing before sign-in, whatever the subscriptions', () => {
    expect(deliver(change({ topic: 'ideas', row: { id: 'i1' } }), null, [sub('ideas')])).toBeNull();
  });

  it('should send nothing to a subscriber of another topic, or to one without subscriptions', () => {
    const ideaChange = change({ topic: 'ideas', row: { id: 'i1' } });
    expect(deliver(ideaChange, admin, [sub('campaigns'), sub('events')])).toBeNull();
    expect(deliver(ideaChange, admin, [])).toBeNull();
    expect(deliver(ideaChange, admin, [sub('campaigns'), sub('ideas')])).toMatchObject({ type: 'change', topic: 'ideas' });
  });

  it('should send only rows whose fields equal the filter of some subscription', () => {
    const live = change({ topic: 'ads', op: 'update', row: { id: 'a1', status: 'live' } });
    const draft = change({ topic: 'ads', op: 'update', row: { id: 'a1', status: 'draft' } });
    expect(deliver(live, admin, [sub('ads', { status: 'live' })])).toMatchObject({ op: 'update', row: { status: 'live' } });
    expect(deliver(draft, admin, [sub('ads', { status: 'live' })])).toBeNull();
    expect(deliver(draft, admin, [sub('ads', { status: 'live' }), sub('ads', { status: 'draft' })])).toMatchObject({ row: { status: 'draft' } });
  });

  it('should send a delete as its id, without the row', () => {
    const gone = change({ topic: 'ideas', op: 'delete', row_id: 'i9', row: { id: 'i9', title: 'secret draft' } });
    expect(deliver(gone, admin, [sub('ideas')])).toEqual({ type: 'change', seq: 7, topic: 'ideas', op: 'delete', id: 'i9' });
  });

  it('should send a resync, which names no row, to every subscriber of its topic and to no one else', () => {
    const resync = change({ topic: 'campaigns', op: 'resync', row: null });
    expect(deliver(resync, emailViewer, [sub('campaigns', { status: 'live' })])).toEqual({ type: 'resync', seq: 7, topic: 'campaigns' });
    expect(deliver(resync, emailViewer, [sub('ideas')])).toBeNull();
  });

  it('should tell the subscribers of a topic to refetch it for an insert or update logged without its row, which no frame can carry', () => {
    const rowless = change({ topic: 'ideas', op: 'update', row: null });
    expect(deliver(rowless, admin, [sub('ideas')])).toEqual({ type: 'resync', seq: 7, topic: 'ideas' });
  });

  it('should send permission rows to their own user and to a writing admin only', () => {
    const own = change({ topic: 'permissions', row: { user_id: 'u-viewer', permission_type: 'channel_view' } });
    const other = change({ topic: 'permissions', row: { user_id: 'u-other', permission_type: 'channel_view' } });
    expect(deliver(own, emailViewer, [sub('permissions')])).toMatchObject({ topic: 'permissions' });
    expect(deliver(other, emailViewer, [sub('permissions')])).toBeNull();
    expect(deliver(other, admin, [sub('permissions')])).toMatchObject({ topic: 'permissions' });
    expect(deliver(other, { ...admin, readOnly: true }, [sub('permissions')])).toBeNull();
  });
});

describe('changesWhoCallerIs', () => {
  const as = (principal: Principal, view?: { id: string; ownerId: string | null }) =>
    ({ principal, user: null as never, sessionId: null, ...(view ? { view: { ...view, name: 'v' } } : {}) }) as AuthState;
  it("should be true for a change to the signed-in user's own permissions only", () => {
    const own = change({ topic: 'permissions', row: { user_id: 'u-viewer' } });
    expect(changesWhoCallerIs(own, as(emailViewer))).toBe(true);
    expect(changesWhoCallerIs(own, as(admin))).toBe(false);
    expect(changesWhoCallerIs(own, null)).toBe(false);
    expect(changesWhoCallerIs(change({ topic: 'ideas', row: { user_id: 'u-viewer' } }), as(emailViewer))).toBe(false);
    expect(changesWhoCallerIs(change({ topic: 'permissions', op: 'delete', row: null }), as(emailViewer))).toBe(false);
  });

  it("should be true, for a key bound to a view, for its view's edits and its owner's permissions", () => {
    const bound = as({ ...admin, readOnly: true, accessKeyId: 'k1' }, { id: 'v1', ownerId: 'u-owner' });
    expect(changesWhoCallerIs(change({ topic: 'saved_views', row_id: 'v1', row: { id: 'v1' } }), bound)).toBe(true);
    expect(changesWhoCallerIs(change({ topic: 'saved_views', op: 'delete', row_id: 'v1', row: null }), bound)).toBe(true);
    expect(changesWhoCallerIs(change({ topic: 'saved_views', row_id: 'v2', row: { id: 'v2' } }), bound)).toBe(false);
    expect(changesWhoCallerIs(change({ topic: 'permissions', row: { user_id: 'u-owner' } }), bound)).toBe(true);
    expect(changesWhoCallerIs(change({ topic: 'permissions', row: { user_id: 'u-owner' } }), as(emailViewer))).toBe(false);
  });
});
