import type { Permission } from '@cadence/core';
import { describe, expect, it } from 'vitest';
import { hasPermission, matchesUser, shortId, toggled } from './permission-rules';

const p = (permission_type: Permission['permission_type'], channel: Permission['channel'] = null): Permission => ({
  id: `${permission_type}${channel}`, user_id: 'u', permission_type, channel, created_by: null, created_at: '',
});

describe('permission rules', () => {
  it('should show the first 8 characters of an id', () => expect(shortId('0123456789abcdef')).toBe('01234567'));

  it('should find users by any part of the e-mail or id, ignoring case and spaces', () => {
    const ann = { id: '0190abcd-0000-7000-8000-000000000001', email: 'Ann.Lee@Example.com' };
    expect(matchesUser(ann, '')).toBe(true);
    expect(matchesUser(ann, '  ann.lee ')).toBe(true);
    expect(matchesUser(ann, 'EXAMPLE')).toBe(true);
    expect(matchesUser(ann, '0190ABCD')).toBe(true);
    expect(matchesUser(ann, 'bob')).toBe(false);
  });
  it('should tell global from channel records', () => {
    const list = [p('global_view'), p('channel_create', 'email')];
    expect(hasPermission(list, 'global_view')).toBe(true);
    expect(hasPermission(list, 'channel_create', 'email')).toBe(true);
    expect(hasPermission(list, 'channel_create', 'seo')).toBe(false);
    expect(hasPermission(list, 'channel_view', 'email')).toBe(false);
  });
  it('should add and remove exactly one record', () => {
    const on = toggled([p('global_view')], 'u', 'channel_view', 'pr', true);
    expect(on.map((x) => [x.permission_type, x.channel])).toEqual([['global_view', null], ['channel_view', 'pr']]);
    expect(toggled(on, 'u', 'global_view', null, false).map((x) => x.permission_type)).toEqual(['channel_view']);
  });
});
