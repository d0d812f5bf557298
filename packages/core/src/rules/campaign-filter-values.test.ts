import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL_VALUES } from '../channels';
import { CAMPAIGN_STATUSES, PRIORITIES, SCOPES } from '../constants';
import { campaignFilterShape } from '../schemas/campaign-filter';
import { CAMPAIGN_FILTER_KEYS, type CampaignFilterKey } from './campaign-filter-keys';
import { readFilterValue } from './campaign-filter-values';

const schemaRead = (key: CampaignFilterKey, raw: string) => {
  const r = campaignFilterShape[key].safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]!.message };
};

describe('readFilterValue', () => {
  it('should read every filter parameter exactly as the API schema does: the same value or the same message', () => {
    const known = [...CHANNEL_VALUES, ...CAMPAIGN_STATUSES, ...PRIORITIES, ...SCOPES, 'fax', ' ', ',', '\u0000', 'Ann', 'me', 'ME', '1', '0', 'aaaaaaaa-0000-4000-8000-00000000000F'];
    const piece = fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 12 }));
    const raw = fc.oneof(
      piece,
      fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(',')),
      fc.array(piece, { maxLength: 3 }).map((parts) => ` ${parts.join(' ')} `),
      fc.integer({ min: 195, max: 305 }).map((n) => 'x'.repeat(n)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CAMPAIGN_FILTER_KEYS), raw, (key, value) => {
        expect(readFilterValue(key, value)).toEqual(schemaRead(key, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('should name what is wrong in words a link notice can show', () => {
    expect(readFilterValue('status', 'done')).toEqual({ ok: false, message: 'Invalid option: expected one of "planning"|"in-progress"|"live"|"completed"' });
    expect(readFilterValue('channel', 'email, fax')).toMatchObject({ ok: false, message: expect.stringMatching(/^Unknown channel fax: must be one of email, /) });
    expect(readFilterValue('channel', 'email,social,email')).toEqual({ ok: true, value: ['email', 'social'] });
    expect(readFilterValue('q', '   ')).toEqual({ ok: true, value: undefined });
  });
});
