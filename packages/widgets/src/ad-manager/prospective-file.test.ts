import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './prospective-file';

describe('prospective file', () => {
  it('should turn sheet rows into CSV with quoted commas, dates and numbers', () => {
    expect(rowsToCsv([['Name', 'Notes'], ['A, B', new Date('2026-03-01T00:00:00Z')], [12, null]])).toBe('Name,Notes\r\n"A, B",2026-03-01\r\n12,\r\n');
  });
});
