import { describe, expect, it } from 'vitest';
import { queryKeyHash, type QueryKey } from './query-keys';

describe('query keys', () => {
  it('should store keys with equal parameters under one text, whatever the fields’ order or an undefined field', () => {
    const a: QueryKey = ['campaigns', { from: '2026-03-01', to: '2026-03-31', channel: ['email', 'social'] }];
    const b: QueryKey = ['campaigns', { channel: ['email', 'social'], to: '2026-03-31', q: undefined, from: '2026-03-01' }];
    expect(queryKeyHash(a)).toBe(queryKeyHash(b));
  });

  it('should tell apart keys whose parameters differ, also in a list’s order or a nested value', () => {
    const keys: QueryKey[] = [
      ['campaigns', {}],
      ['campaigns', { channel: ['email', 'social'] }],
      ['campaigns', { channel: ['social', 'email'] }],
      ['campaignPages', {}],
      ['history', { resource: 'campaigns', id: 'a' }],
      ['history', { query: { resource: 'campaigns' } }],
      ['adTypes', { publication: null }],
      ['adTypes', { publication: 'p1' }],
      ['session'],
    ];
    expect(new Set(keys.map(queryKeyHash)).size).toBe(keys.length);
  });

  it('should make a kind’s parameters part of its key’s type', () => {
    // @ts-expect-error a campaigns key carries its query
    const bare: QueryKey = ['campaigns'];
    // @ts-expect-error the session has one key, without parameters
    const withParams: QueryKey = ['session', {}];
    // @ts-expect-error a permissions key names its user
    const wrong: QueryKey = ['permissions', { publication: 'p1' }];
    expect([bare, withParams, wrong]).toHaveLength(3);
  });
});
