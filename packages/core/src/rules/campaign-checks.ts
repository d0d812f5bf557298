/**
 * The campaign schemas' checks without zod, for the browser: `checkCampaignCreate(body)` and
 * `checkCampaignUpdate(patch)` return the issues (path, message, order) that
 * `campaignCreateSchema.safeParse(body)` / `campaignUpdateSchema.safeParse(patch)` report for
 * anything a campaign form can send (text, lists of text, dates, choices, counts, flags), so
 * the form can show them beside its fields without shipping zod (≈26 kB gzip) to every page
 * that embeds a widget. The server still validates every request with the schemas; a property
 * test (campaign-checks.test.ts) holds the two to the same answers. Change both together.
 * (For values no form sends — an array as a title, say — the issue may be worded differently.)
 */
import { CHANNEL_VALUES } from '../channels';
import { CAMPAIGN_STATUSES, LIMITS, PRIORITIES, SCOPES } from '../constants';
import { isYmd, ymdProblem } from '../dates';
import { PRIMARY_CHANNEL_MESSAGE, lacksPrimaryChannel, type ScopedFields } from './scope';
import type { FieldErrors } from './forms/field-errors';
import {
  CAMPAIGN_BOUNDS as B,
  CAMPAIGN_EVENT_TYPES,
  CONTENT_FORMATS,
  EMAIL_TYPES,
  POST_FREQUENCIES,
  SOCIAL_CONTENT_TYPES,
  SOCIAL_PLATFORMS,
} from '../schemas/campaign-limits';

export interface CampaignIssue {
  path: PropertyKey[];
  message: string;
}

/** An issue, and whether it stops the object-level rule (zod: a type or value error does, a bound does not). */
interface Found extends CampaignIssue {
  fatal: boolean;
}

type Path = PropertyKey[];
type Check = (value: unknown, path: Path, out: Found[]) => void;

/** zod's name for what it received. */
function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v); // NaN, Infinity, -Infinity
  if (v instanceof Date) return 'Date';
  return typeof v;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
const quoted = (values: readonly string[], sep: string) => values.map((v) => `"${v}"`).join(sep);
const typeError = (expected: string, v: unknown) => `Invalid input: expected ${expected}, received ${received(v)}`;

/** `z.string(...).trim().max(max)`: a custom message for a non-string when given. */
function string(max: number, messages: { type?: string; max?: string } = {}, min?: { length: number; message: string }): Check {
  return (v, path, out) => {
    if (typeof v !== 'string') return void out.push({ path, message: messages.type ?? typeError('string', v), fatal: true });
    const s = v.trim();
    if (min && s.length < min.length) out.push({ path, message: min.message, fatal: false });
    if (s.length > max) out.push({ path, message: messages.max ?? `Too big: expected string to have <=${max} characters`, fatal: false });
  };
}

const oneOf =
  (values: readonly string[], message = `Invalid option: expected one of ${quoted(values, '|')}`): Check =>
  (v, path, out) => {
    if (typeof v !== 'string' || !values.includes(v)) out.push({ path, message, fatal: true });
  };

/** `z.number().int().min(0).max(max)`: a non-integer stops there. */
const count =
  (max: number): Check =>
  (v, path, out) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return void out.push({ path, message: typeError('number', v), fatal: true });
    if (!Number.isInteger(v)) return void out.push({ path, message: typeError('int', v), fatal: true });
    if (v < 0) out.push({ path, message: 'Too small: expected number to be >=0', fatal: false });
    if (v > max) out.push({ path, message: `Too big: expected number to be <=${max}`, fatal: false });
  };

const boolean: Check = (v, path, out) => {
  if (typeof v !== 'boolean') out.push({ path, message: typeError('boolean', v), fatal: true });
};

/** `z.array(item).max(max)`, with common.ts's textList messages when `list` is set. */
function array(item: Check, max: number, list = false): Check {
  return (v, path, out) => {
    if (!Array.isArray(v)) return void out.push({ path, message: list ? 'Must be a list' : typeError('array', v), fatal: true });
    // Too many items: that alone is reported (zod checks the length first, and stops there).
    if (v.length > max) {
      return void out.push({ path, message: list ? `At most ${max} items` : `Too big: expected array to have <=${max} items`, fatal: true });
    }
    v.forEach((x, i) => item(x, [...path, i], out));
  };
}

const textList = (item: Check = string(LIMITS.titleMaxLength)) => array(item, LIMITS.listMaxItems, true);
const optionalText = (max: number = LIMITS.textMaxLength) => string(max, { type: 'Must be text', max: `Must be at most ${max} characters` });
const channel = oneOf(CHANNEL_VALUES, `Must be one of: ${CHANNEL_VALUES.join(', ')}`);
const ymd: Check = (v, path, out) => {
  const message = ymdProblem(v);
  // Not a date at all stops the object's rules, as the schema's aborting refinement does; out of range does not.
  if (message) out.push({ path, message, fatal: !isYmd(v) });
};

/** A field: absent (undefined) is allowed when `optional`, null when `nullable`. */
interface Field {
  check: Check;
  optional?: boolean;
  nullable?: boolean;
}

/** `z.strictObject(shape)`: fields in the shape's order, then the unknown keys. */
function strictObject(shape: Record<string, Field>): Check {
  return (v, path, out) => {
    if (!isPlainObject(v)) return void out.push({ path, message: typeError('object', v), fatal: true });
    for (const [key, field] of Object.entries(shape)) {
      const x = v[key];
      if (x === undefined && field.optional) continue;
      if (x === null && field.nullable) continue;
      field.check(x, [...path, key], out);
    }
    const unknown = Object.keys(v).filter((k) => !(k in shape));
    if (unknown.length) {
      out.push({ path, message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${quoted(unknown, ', ')}`, fatal: false });
    }
  };
}

const configText = string(B.configTextMaxLength);
const opt = (check: Check, nullable = false): Field => ({ check, optional: true, nullable });

const channelConfig = strictObject({
  social: opt(
    strictObject({
      content_type: opt(oneOf(SOCIAL_CONTENT_TYPES), true),
      platforms: opt(array(oneOf(SOCIAL_PLATFORMS), SOCIAL_PLATFORMS.length)),
      hashtags: opt(textList(configText)),
      mention_targets: opt(textList(configText)),
      post_frequency: opt(oneOf(POST_FREQUENCIES), true),
    }),
  ),
  events: opt(
    strictObject({
      venue: opt(optionalText(B.configTextMaxLength), true),
      capacity: opt(count(B.capacityMax), true),
      event_type: opt(oneOf(CAMPAIGN_EVENT_TYPES), true),
      speakers: opt(textList(configText)),
      registration_required: opt(boolean),
    }),
  ),
  email: opt(
    strictObject({
      email_type: opt(oneOf(EMAIL_TYPES), true),
      subject: opt(optionalText(B.configTextMaxLength), true),
      preheader: opt(optionalText(B.configTextMaxLength), true),
      segment_criteria: opt(textList(configText)),
    }),
  ),
  content: opt(
    strictObject({
      content_format: opt(oneOf(CONTENT_FORMATS), true),
      word_count: opt(count(B.wordCountMax), true),
      seo_keywords: opt(textList(configText)),
      distribution_channels: opt(textList(configText)),
    }),
  ),
});

/** `idSchema` (`z.uuid({ error: 'Must be a valid id' })`): zod 4's RFC 9562 pattern, and its nil and max ids. */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const id: Check = (v, path, out) => {
  if (typeof v !== 'string' || !UUID.test(v)) out.push({ path, message: 'Must be a valid id', fatal: true });
};

const titleMessage = 'Campaign title is required';

/** schemas/campaign.ts `campaignFields`, each as it is required (or defaulted) on create. */
const CREATE: Record<string, Field> = {
  title: { check: string(LIMITS.titleMaxLength, { type: titleMessage, max: `Must be at most ${LIMITS.titleMaxLength} characters` }, { length: 1, message: titleMessage }) },
  description: opt(optionalText(), true),
  channels: opt(array(channel, B.channelsMaxItems)),
  status: opt(oneOf(CAMPAIGN_STATUSES)),
  planning_start_date: { check: ymd },
  live_date: { check: ymd },
  end_date: opt(ymd, true),
  owner: opt(optionalText(B.ownerMaxLength), true),
  owner_id: opt(id, true),
  priority: opt(oneOf(PRIORITIES)),
  scope: opt(oneOf(SCOPES)),
  primary_channel: opt(channel, true),
  channel_config: opt(channelConfig),
  summary: opt(optionalText(), true),
  goals: opt(optionalText(), true),
  audiences: opt(textList()),
  project_leader: opt(optionalText(B.ownerMaxLength), true),
  project_team_members: opt(textList()),
  kpis: opt(textList()),
  deliverables: opt(textList()),
  landing_page_urls: opt(textList(string(B.landingPageUrlMaxLength))),
};

/** On update every field may be left out (and none is defaulted). */
const UPDATE: Record<string, Field> = Object.fromEntries(Object.entries(CREATE).map(([key, f]) => [key, { ...f, optional: true }]));

const strip = (found: Found[]): CampaignIssue[] => found.map(({ path, message }) => ({ path, message }));

/** What `campaignCreateSchema.safeParse(body)` reports, without zod ([] when it would succeed). */
export function checkCampaignCreate(body: unknown): CampaignIssue[] {
  const out: Found[] = [];
  strictObject(CREATE)(body, [], out);
  // The schema's object rule runs only when no type or value error came before it.
  if (isPlainObject(body) && out.every((i) => !i.fatal)) primaryChannelRule(body, out);
  return strip(out);
}

/** The schema's object rule (scope.ts); it runs only when no type or value error came before it. */
function primaryChannelRule(c: Record<string, unknown>, out: Found[]): void {
  if (lacksPrimaryChannel(c)) out.push({ path: ['primary_channel'], message: PRIMARY_CHANNEL_MESSAGE, fatal: false });
}

/**
 * What `campaignUpdateSchema.safeParse(patch)` reports, without zod ([] when it would succeed).
 * Given the campaign as it is, also the primary-channel rule on the result, as the server's
 * PATCH applies it (a patch alone cannot tell).
 */
export function checkCampaignUpdate(patch: unknown, current?: ScopedFields): CampaignIssue[] {
  const out: Found[] = [];
  strictObject(UPDATE)(patch, [], out);
  if (current && isPlainObject(patch) && out.every((i) => !i.fatal)) primaryChannelRule({ ...current, ...patch }, out);
  return strip(out);
}

/** The issues as a form shows them: one message per top-level field. */
export const campaignFieldErrors = (issues: readonly CampaignIssue[]): FieldErrors =>
  Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));
