import { describe, expect, it } from 'vitest';
import { filterCountText, withFilter } from './filter-bar-rules';

describe('filterCountText', () => {
  it('should separate thousands as the stat cards do, and say campaign for one', () => {
    expect(filterCountText(1204, 10036)).toBe('Showing 1,204 of 10,036 campaigns');
    expect(filterCountText(0, 1)).toBe('Showing 0 of 1 campaign');
  });

  it('should stay blank until both counts are known', () => {
    expect(filterCountText(undefined, 12)).toBe('');
    expect(filterCountText(3, undefined)).toBe('');
  });
});

describe('withFilter', () => {
  it('should set a field, and remove it rather than keep an undefined key', () => {
    expect(withFilter({ status: 'live' }, 'priority', 'high')).toEqual({ status: 'live', priority: 'high' });
    expect(Object.keys(withFilter({ status: 'live' }, 'status', undefined))).toEqual([]);
  });
});
