import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../constants';
import { signUpSchema } from './auth';
import { campaignCreateSchema, campaignUpdateSchema } from './campaign';
import { eventCreateSchema } from './events';
import { adCreateSchema, prospectiveCreateSchema, publicationCreateSchema } from './industry';

const paths = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; code: string; keys?: string[] }> } }) =>
  r.error?.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? (i.keys ?? []) : [i.path.join('.')])) ?? [];

describe('campaign schemas', () => {
  const base = { title: 'Spring launch', planning_start_date: '2026-03-01', live_date: '2026-03-15' };

  it('should apply the spec defaults to a new campaign', () => {
    const c = campaignCreateSchema.parse(base);
    expect(c).toMatchObject({ status: 'planning', priority: 'medium', scope: 'global', channels: [], channel_config: {} });
  });

  it('should require title, planning start and live date', () => {
    expect(paths(campaignCreateSchema.safeParse({})).sort()).toEqual(['live_date', 'planning_start_date', 'title']);
    expect(campaignCreateSchema.safeParse({ ...base, title: '   ' }).success).toBe(false);
  });

  it('should refuse a timestamp in a date-only field, an impossible date and an unknown channel', () => {
    expect(paths(campaignCreateSchema.safeParse({ ...base, live_date: '2026-03-15T00:00:00Z' }))).toEqual(['live_date']);
    expect(paths(campaignCreateSchema.safeParse({ ...base, live_date: '2026-02-30' }))).toEqual(['live_date']);
    expect(paths(campaignCreateSchema.safeParse({ ...base, channels: ['fax'] }))).toEqual(['channels.0']);
    // PostgreSQL has no year 0: such a date must be refused here, not fail in the database.
    const yearZero = campaignCreateSchema.safeParse({ ...base, live_date: '0000-01-01' });
    expect(yearZero.error?.issues.map((i) => i.message)).toEqual(['Must be a date between 1900 and 2999']);
    expect(campaignCreateSchema.safeParse({ ...base, live_date: 'someday' }).error?.issues).toHaveLength(1);
    expect(paths(campaignCreateSchema.safeParse({ ...base, channels: 'email' }))).toEqual(['channels']);
  });

  it('should refuse unknown fields rather than write them', () => {
    expect(paths(campaignCreateSchema.safeParse({ ...base, created_by: 'x', id: 'y' })).sort()).toEqual(['created_by', 'id']);
    expect(paths(campaignUpdateSchema.safeParse({ version: 3 }))).toEqual(['version']);
  });

  it('should need a primary channel for channel scope', () => {
    expect(paths(campaignCreateSchema.safeParse({ ...base, scope: 'channel' }))).toEqual(['primary_channel']);
    expect(campaignCreateSchema.safeParse({ ...base, scope: 'channel', primary_channel: 'email' }).success).toBe(true);
  });

  it('should validate channel configuration per channel', () => {
    const ok = campaignCreateSchema.safeParse({ ...base, channel_config: { events: { capacity: 200, speakers: ['A', ' ', 'B'] } } });
    expect(ok.success && ok.data.channel_config.events?.speakers).toEqual(['A', 'B']);
    expect(paths(campaignCreateSchema.safeParse({ ...base, channel_config: { events: { capacity: -1 } } }))).toEqual([
      'channel_config.events.capacity',
    ]);
    expect(paths(campaignCreateSchema.safeParse({ ...base, channel_config: { fax: {} } }))).toEqual(['fax']);
  });

  it('should trim optional text and save empty text as null', () => {
    const c = campaignCreateSchema.parse({ ...base, description: '  ', owner: ' Dana ' });
    expect(c.description).toBeNull();
    expect(c.owner).toBe('Dana');
  });
});

describe('industry and event schemas use the spec messages', () => {
  it('should say which message the spec gives for each required field', () => {
    const ad = adCreateSchema.safeParse({});
    expect(ad.error?.issues.every((i) => i.message === MESSAGES.requiredFields)).toBe(true);
    expect(publicationCreateSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(MESSAGES.publicationNameRequired);
    expect(prospectiveCreateSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.publicationNameRequired);
    const ev = eventCreateSchema.safeParse({ name: 'Expo', vertical: [], audience: ['owners'], type: ['exhibit'] });
    expect(ev.error?.issues.map((i) => i.message)).toContain(MESSAGES.requiredFields);
  });

  it("should need a description when the event vertical is 'other'", () => {
    const base = { name: 'Expo', vertical: ['other'], audience: ['owners'], type: ['exhibit'], start_date: '2026-05-01', end_date: '2026-05-02' };
    expect(paths(eventCreateSchema.safeParse(base))).toEqual(['vertical_other']);
    expect(eventCreateSchema.safeParse({ ...base, vertical_other: 'Aviation' }).success).toBe(true);
  });

  it('should refuse a copy/images link that is not a URL', () => {
    const ids = { publication_id: '5f1c7a3e-8d2b-4c1a-9e6f-2b3c4d5e6f70', ad_type_id: '5f1c7a3e-8d2b-4c1a-9e6f-2b3c4d5e6f71' };
    const base = { ...ids, due_date: '2026-05-01', live_date: '2026-05-10' };
    expect(paths(adCreateSchema.safeParse({ ...base, copy_images_link: 'drive folder' }))).toEqual(['copy_images_link']);
    expect(adCreateSchema.parse({ ...base, copy_images_link: 'https://drive.example/x' }).status).toBe('new');
  });
});

describe('auth schemas', () => {
  it('should normalise the e-mail and enforce the password length', () => {
    expect(signUpSchema.parse({ email: ' Ann@Example.COM ', password: 'secret' }).email).toBe('ann@example.com');
    expect(signUpSchema.safeParse({ email: 'ann@example.com', password: 'short' }).success).toBe(false);
    expect(signUpSchema.safeParse({ email: 'not-an-email', password: 'secret' }).success).toBe(false);
  });
});
