import { describe, expect, it } from 'vitest';
import { toggleIn } from './event-rules';

describe('event rules', () => {
  it('should toggle values in a list', () => {
    expect(toggleIn(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleIn(['a'], 'b')).toEqual(['a', 'b']);
  });
});
