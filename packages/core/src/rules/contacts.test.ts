import { describe, expect, it } from 'vitest';
import { extractEmails } from './contacts';

describe('extractEmails', () => {
  it('should find addresses in free contact text', () => {
    expect(extractEmails('Jane Doe <jane.doe@acme.com>; c@d.org, e@f.co.uk')).toEqual(['jane.doe@acme.com', 'c@d.org', 'e@f.co.uk']);
  });

  it('should dedupe case-insensitively and keep the first spelling', () => {
    expect(extractEmails('Ads@Acme.com, sales@acme.com ads@acme.COM')).toEqual(['Ads@Acme.com', 'sales@acme.com']);
  });

  it('should ignore sentence punctuation and mailto prefixes', () => {
    expect(extractEmails('Write to mailto:press+eu@acme-media.com. Or (ops@acme.com)!')).toEqual(['press+eu@acme-media.com', 'ops@acme.com']);
  });

  it('should find nothing in text without addresses', () => {
    expect(extractEmails('call Jane on +1 555 0100, @jane on X')).toEqual([]);
    expect(extractEmails('')).toEqual([]);
    expect(extractEmails(null)).toEqual([]);
  });
});
