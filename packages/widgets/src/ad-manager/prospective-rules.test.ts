import { describe, expect, it } from 'vitest';
import { emptyProspectiveForm, prospectiveBody } from './prospective-rules';
import { rowsToCsv } from './prospective-file';

describe('prospective rules', () => {
  it('should require a trimmed name and URLs, saving empty text as null', () => {
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: '  ' })).toEqual({ error: 'Publication name is required' });
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: 'X', website: 'not a url' })).toEqual({ error: 'Please enter a valid URL' });
    expect(prospectiveBody({ ...emptyProspectiveForm(), name: ' X ', website: ' https://x.example ', notes: ' ' })).toEqual({
      body: { name: 'X', region: null, industry: null, audience: null, website: 'https://x.example', media_kit_link: null, contacts: null, notes: null },
    });
  });

  it('should turn sheet rows into CSV with quoted commas, dates and numbers', () => {
    expect(rowsToCsv([['Name', 'Notes'], ['A, B', new Date('2026-03-01T00:00:00Z')], [12, null]])).toBe('Name,Notes\r\n"A, B",2026-03-01\r\n12,\r\n');
  });
});
