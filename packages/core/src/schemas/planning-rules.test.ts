import { describe, expect, it } from 'vitest';
import { conflictsQuerySchema, planningRuleBodySchema, planningRulesImportSchema } from './planning-rules';

const problems = (body: unknown) => {
  const r = planningRuleBodySchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('planning rule bodies (issue 34)', () => {
  it('refuses a limit of 0 or below, an unknown channel, an empty audience, naming the field', () => {
    expect(problems({ kind: 'channel_load', limit: 0, period: 'week' })).toEqual(['limit: Must be 1 or more']);
    expect(problems({ kind: 'channel_load', limit: -2 })).toEqual(['limit: Must be 1 or more']);
    expect(problems({ kind: 'channel_load', limit: 1.5 })[0]).toMatch(/^limit: Must be a whole number/);
    expect(problems({ kind: 'channel_load', limit: 2, channel: 'fax' })[0]).toMatch(/^channel: Must be one of: email/);
    expect(problems({ kind: 'audience_load', limit: 2, audience: '   ' })).toEqual(['audience: An audience cannot be empty']);
    expect(problems({ kind: 'audience_load', limit: 2, audience: 'x'.repeat(201) })).toEqual(['audience: Must be at most 200 characters']);
    expect(problems({ kind: 'min_gap', gap_days: 0 })).toEqual(['gap_days: Must be 1 or more']);
    expect(problems({ kind: 'owner_load' })).toEqual(['limit: A limit is required (1 or more)']);
    expect(problems({ kind: 'min_gap' })).toEqual(['gap_days: A gap in days is required (1 or more)']);
    expect(problems({ kind: 'non_working', severity: 'stop' })[0]).toMatch(/^severity: Must be one of: warn, block/);
    expect(problems({ kind: 'sometimes' })[0]).toMatch(/^kind: Must be one of/);
    expect(problems({ kind: 'non_working', colour: 'red' })[0]).toMatch(/colour/);
  });

  it('keeps only the fields a kind uses, a week by default and a warning by default', () => {
    expect(planningRuleBodySchema.parse({ kind: 'non_working', limit: 3, period: 'day', audience: 'A', gap_days: 2, channel: 'email' })).toEqual({
      kind: 'non_working', severity: 'warn', limit: null, period: null, channel: 'email', audience: null, gap_days: null, name: null,
    });
    expect(planningRuleBodySchema.parse({ kind: 'audience_load', limit: 2, audience: ' Customers ', severity: 'block', name: '' })).toEqual({
      kind: 'audience_load', severity: 'block', limit: 2, period: 'week', channel: null, audience: 'Customers', gap_days: null, name: null,
    });
  });

  it('names the row of an import that is malformed', () => {
    const r = planningRulesImportSchema.safeParse({ rules: [{ kind: 'non_working' }, { kind: 'channel_load', limit: 0 }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['rules', 1, 'limit']);
  });

  it('bounds the conflicts window', () => {
    expect(conflictsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-31' }).success).toBe(true);
    expect(conflictsQuerySchema.safeParse({ from: '2026-03-01', to: '2026-01-31' }).error!.issues[0]!.path).toEqual(['to']);
    expect(conflictsQuerySchema.safeParse({ from: '2026-01-01', to: '2027-06-01' }).error!.issues[0]!.path).toEqual(['to']);
  });
});
