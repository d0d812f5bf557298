import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL_VALUES } from '../channels';
import { campaignCreateSchema, campaignUpdateSchema } from '../schemas/campaign';
import { campaignFieldErrors, checkCampaignCreate, checkCampaignUpdate } from './campaign-checks';

/** The schema's answer in the checks' shape. */
const zodIssues = (schema: typeof campaignUpdateSchema | typeof campaignCreateSchema, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: i.message }));
};

const long = (n: number) => 'x'.repeat(n);

/*
 * What a campaign form can send, near every rule of the schemas: text (blank, padded, at and
 * past its bound), lists of text (long items, too many), dates (valid, impossible, out of
 * range, not dates), choices (valid, unknown, null), counts (parsed from inputs: NaN, negative,
 * fractional, past the bound), flags; fields present or absent, and now and then a key the
 * schema does not know.
 */
const text = (max: number) => fc.oneof(fc.constantFrom('', '  ', ' a ', long(max), ` ${long(max)} `, long(max + 1)), fc.string({ maxLength: 8 }));
const nullable = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: fc.constant(null) });
const list = (itemMax: number) =>
  fc.oneof(
    fc.array(fc.oneof(text(itemMax), fc.constant('ok')), { maxLength: 4 }),
    fc.constantFrom(Array(100).fill('a'), Array(101).fill('a'), [...Array(100).fill('a'), long(itemMax + 1)], [...Array(99).fill('a'), long(itemMax + 1)]),
  );
const ymd = fc.constantFrom('2026-03-11', '1900-01-01', '1899-12-31', '2999-12-31', '3000-01-01', '0000-01-01', '2026-02-30', '2026-3-1', '2026-03-11T00:00:00Z', '');
const oneOf = (values: readonly string[]) => fc.oneof(fc.constantFrom(...values), fc.constantFrom('', 'nope', values[0]!.toUpperCase()));
const channel = oneOf(CHANNEL_VALUES);
const count = (max: number) => fc.constantFrom(0, 1, max, max + 1, -1, 2.5, Number.NaN);

/** Some of the keys, and sometimes one the schema does not know. */
const record = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record(shape, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ ...shape, zz_unknown: fc.constant(1) }, { requiredKeys: ['zz_unknown'] }) },
  );

const channelConfig = record({
  social: record({
    content_type: nullable(oneOf(['image', 'video', 'carousel', 'story'])),
    platforms: fc.array(oneOf(['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'TikTok', 'YouTube']), { maxLength: 8 }),
    hashtags: list(300),
    mention_targets: list(300),
    post_frequency: nullable(oneOf(['daily', 'weekly', 'bi-weekly', 'monthly', 'one-time'])),
  }),
  events: record({
    venue: nullable(text(300)),
    capacity: nullable(count(10_000_000)),
    event_type: nullable(oneOf(['conference', 'webinar', 'workshop', 'networking'])),
    speakers: list(300),
    registration_required: fc.boolean(),
  }),
  email: record({
    email_type: nullable(oneOf(['newsletter', 'promotional', 'announcement', 'nurture'])),
    subject: nullable(text(300)),
    preheader: nullable(text(300)),
    segment_criteria: list(300),
  }),
  content: record({
    content_format: nullable(oneOf(['blog', 'whitepaper', 'ebook', 'case-study', 'infographic'])),
    word_count: nullable(count(1_000_000)),
    seo_keywords: list(300),
    distribution_channels: list(300),
  }),
});

const fields = {
  title: text(300),
  description: nullable(text(10_000)),
  channels: fc.oneof(fc.array(channel, { maxLength: 4 }), fc.constant(Array(13).fill('email'))),
  status: oneOf(['planning', 'in-progress', 'live', 'completed']),
  planning_start_date: ymd,
  live_date: ymd,
  end_date: nullable(ymd),
  owner: nullable(text(300)),
  priority: oneOf(['low', 'medium', 'high']),
  scope: oneOf(['global', 'channel']),
  primary_channel: nullable(channel),
  channel_config: channelConfig,
  summary: nullable(text(10_000)),
  goals: nullable(text(10_000)),
  audiences: list(300),
  project_leader: nullable(text(300)),
  project_team_members: list(300),
  kpis: list(300),
  deliverables: list(300),
  landing_page_urls: list(2000),
};

/** Mostly valid bodies with a few fields off, so the object rule (scope) gets exercised too. */
const valid = { title: 'Launch', planning_start_date: '2026-03-01', live_date: '2026-03-10' };
const body = fc.oneof(
  { weight: 6, arbitrary: fc.record(fields, { requiredKeys: [] }).map((partial) => ({ ...valid, ...partial })) },
  { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }).map((partial) => ({ ...valid, ...partial, version: 3 })) },
  { weight: 3, arbitrary: record(fields) },
);

// 1,500 bodies a property: seconds of work, longer on a busy machine than vitest's default 5 s.
describe('campaign checks without zod', { timeout: 60_000 }, () => {
  it('should report what campaignCreateSchema reports, issue for issue', () => {
    fc.assert(fc.property(body, (b) => {
      expect(checkCampaignCreate(b)).toEqual(zodIssues(campaignCreateSchema, b));
    }), { numRuns: 1500 });
  });

  it('should report what campaignUpdateSchema reports, issue for issue', () => {
    fc.assert(fc.property(body, (b) => {
      expect(checkCampaignUpdate(b)).toEqual(zodIssues(campaignUpdateSchema, b));
    }), { numRuns: 1500 });
  });

  it('should name the spec messages the dialog shows', () => {
    expect(checkCampaignCreate({ ...valid, title: '  ' })).toEqual([{ path: ['title'], message: 'Campaign title is required' }]);
    expect(checkCampaignCreate({ ...valid, scope: 'channel' })).toEqual([{ path: ['primary_channel'], message: 'A channel campaign needs a primary channel' }]);
    expect(checkCampaignCreate({ ...valid, scope: 'channel', id: 'x' })).toEqual([
      { path: [], message: 'Unrecognized key: "id"' },
      { path: ['primary_channel'], message: 'A channel campaign needs a primary channel' },
    ]);
    expect(checkCampaignCreate({ ...valid, scope: 'channel', status: 'done' }).map((i) => i.path)).toEqual([['status']]);
    expect(checkCampaignCreate(valid)).toEqual([]);
    expect(checkCampaignUpdate({ end_date: null, primary_channel: null })).toEqual([]);
  });

  it('should apply the primary-channel rule to an update on the campaign it changes, as the server does', () => {
    const channelCampaign = { scope: 'channel' as const, primary_channel: 'pr' as const, channels: ['pr' as const] };
    const needs = { path: ['primary_channel'], message: 'A channel campaign needs a primary channel' };
    expect(checkCampaignUpdate({ primary_channel: null }, channelCampaign)).toEqual([needs]);
    expect(checkCampaignUpdate({ scope: 'channel' }, { scope: 'global', primary_channel: null, channels: [] })).toEqual([needs]);
    expect(checkCampaignUpdate({ scope: 'global', primary_channel: null }, channelCampaign)).toEqual([]);
    expect(checkCampaignUpdate({ title: 'Renamed' }, channelCampaign)).toEqual([]);
  });

  it('should give a form one message per top-level field', () => {
    expect(campaignFieldErrors(checkCampaignCreate({ ...valid, title: ' ', scope: 'channel' }))).toEqual({
      title: 'Campaign title is required',
      primary_channel: 'A channel campaign needs a primary channel',
    });
  });
});
