import { describe, expect, it } from 'vitest';
import { claimValues, grantsFromClaims, parseSsoGrant, planGrantSync, ssoErrorMessage } from './sso';

describe('parseSsoGrant', () => {
  it('should read the role, global permissions and per-channel permissions', () => {
    expect(parseSsoGrant('admin')).toEqual({ kind: 'role', role: 'admin' });
    expect(parseSsoGrant('global_view')).toEqual({ kind: 'permission', permission_type: 'global_view', channel: null });
    expect(parseSsoGrant(' channel_create:email ')).toEqual({ kind: 'permission', permission_type: 'channel_create', channel: 'email' });
  });
  it('should refuse unknown grants, unknown channels and global permissions with a channel', () => {
    for (const bad of ['owner', 'channel_view', 'channel_view:fax', 'global_view:email', 'channel_view:email:x', '']) {
      expect(parseSsoGrant(bad)).toBeNull();
    }
  });
});

describe('grantsFromClaims', () => {
  const mappings = [
    { claim: 'groups', value: 'marketing-email', grant: 'channel_view:email' },
    { claim: 'groups', value: 'marketing-email', grant: 'channel_create:email' },
    { claim: 'groups', value: 'cadence-admins', grant: 'admin' },
    { claim: 'department', value: 'sales', grant: 'global_view' },
  ];
  it('should grant what the matching values map to, each once', () => {
    expect(grantsFromClaims(mappings, { groups: ['marketing-email', 'other'] })).toEqual(['channel_create:email', 'channel_view:email']);
    expect(grantsFromClaims(mappings, { groups: ['cadence-admins'], department: 'sales' })).toEqual(['admin', 'global_view']);
  });
  it('should grant nothing when the claim is missing or not strings', () => {
    expect(grantsFromClaims(mappings, {})).toEqual([]);
    expect(grantsFromClaims(mappings, { groups: [{ name: 'marketing-email' }] })).toEqual([]);
    expect(claimValues({ groups: 42 }, 'groups')).toEqual([]);
  });
});

describe('planGrantSync', () => {
  it('should add newly earned grants and remove mapped grants no longer earned', () => {
    expect(planGrantSync(['a', 'b'], ['b', 'c'], [])).toEqual({ add: ['a'], remove: ['c'] });
  });
  it('should never remove a hand grant, nor add a mapped copy of one', () => {
    expect(planGrantSync(['a'], [], ['a'])).toEqual({ add: [], remove: [] });
    expect(planGrantSync([], [], ['a'])).toEqual({ add: [], remove: [] });
  });
});

it('should show a known message for a known code and a generic one for anything else', () => {
  expect(ssoErrorMessage('state_invalid')).toMatch(/expired or was already used/);
  expect(ssoErrorMessage('<script>')).toBe(ssoErrorMessage('provider_error'));
  expect(ssoErrorMessage('toString')).toBe(ssoErrorMessage('provider_error'));
});
