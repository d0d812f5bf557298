import { CHANNELS, type Channel } from '../channels';
import type { Ymd } from '../dates';
import { isWorkingDay, type WorkingCalendar } from './working-days';

/**
 * Planning rules (issue 34, docs/adr/0062-planning-rules.md): limits an administrator sets on how
 * go-lives are spread, each a warning or a block. Pure and zod-free, so the browser (drag
 * feedback, badges, the Conflicts filter) and the server (the write gate, `GET /api/conflicts`)
 * judge a plan with the same code. Only `live_date` is judged: a rule is about go-lives.
 *
 * Dates are `YYYY-MM-DD` strings; days are counted as whole calendar days from the string, so a
 * verdict is the same in every time zone. Weeks start on Monday, as the calendars' weeks do
 * (`DATE_LOCALE`, `startOfWeek`).
 */

export const PLANNING_RULE_KINDS = ['channel_load', 'audience_load', 'owner_load', 'non_working', 'min_gap'] as const;
export type PlanningRuleKind = (typeof PLANNING_RULE_KINDS)[number];
export const RULE_SEVERITIES = ['warn', 'block'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];
export const RULE_PERIODS = ['day', 'week'] as const;
export type RulePeriod = (typeof RULE_PERIODS)[number];

/** The kinds that count go-lives in a day or a week (and so need `limit` and `period`). */
export const LOAD_RULE_KINDS: readonly PlanningRuleKind[] = ['channel_load', 'audience_load', 'owner_load'];

export const PLANNING_RULE_LIMITS = {
  /** Most rules an install keeps: each is checked on every write, so the list stays short. */
  rulesMax: 100,
  limitMax: 10_000,
  gapDaysMax: 366,
  audienceMaxLength: 200,
  nameMaxLength: 120,
} as const;

/**
 * One rule. `channel` narrows every kind to campaigns on that channel; null means, for
 * `channel_load` and `min_gap`, each channel counted on its own, and for the other kinds any
 * channel. `audience` (audience_load, min_gap) is matched without regard to case or surrounding
 * spaces; null means each audience counted on its own. Fields a kind does not use are null.
 */
export interface PlanningRule {
  readonly id: string;
  readonly kind: PlanningRuleKind;
  readonly severity: RuleSeverity;
  /** Most go-lives allowed in the period (load kinds). */
  readonly limit: number | null;
  readonly period: RulePeriod | null;
  readonly channel: Channel | null;
  readonly audience: string | null;
  /** Fewest days between two go-lives of one channel and audience (min_gap). */
  readonly gap_days: number | null;
  /** An administrator's own name for the rule (shown instead of the generated description). */
  readonly name?: string | null;
}

/** What a rule needs of a campaign: a `Campaign` fits, and so does a slim row. */
export interface PlannedCampaign {
  readonly id: string;
  readonly live_date: Ymd;
  readonly channels: readonly Channel[];
  readonly audiences?: readonly string[] | null;
  readonly owner_id?: string | null;
  /** The owner's name (free text); also the owner's identity when `owner_id` is null. */
  readonly owner?: string | null;
  readonly title?: string;
}

export interface RuleViolation {
  readonly rule_id: string;
  readonly kind: PlanningRuleKind;
  readonly severity: RuleSeverity;
  /** In words, e.g. "3 e-mail sends to Customers that week; the limit is 2". */
  readonly message: string;
  /**
   * Where it happens: the day (day periods, non-working days), the week's Monday (week periods),
   * or the later go-live of the two (min_gap).
   */
  readonly date: Ymd;
  /** The campaigns that break it together, by live date then id. */
  readonly campaign_ids: readonly string[];
}

export interface DateRange {
  readonly from: Ymd;
  readonly to: Ymd;
}

// ---------------------------------------------------------------------------------------------
// Day arithmetic on strings, without Date objects: a quarter of 10,000 campaigns is judged many
// times a second during a drag, and date-fns' parsing would dominate.

const dayNumberCache = new Map<string, number>();

/** Days since 1970-01-01 (proleptic Gregorian), from a `YYYY-MM-DD` string. */
export function dayNumber(ymd: Ymd): number {
  const cached = dayNumberCache.get(ymd);
  if (cached !== undefined) return cached;
  let y = Number(ymd.slice(0, 4));
  const m = Number(ymd.slice(5, 7));
  const d = Number(ymd.slice(8, 10));
  // Howard Hinnant's days_from_civil.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const n = era * 146097 + doe - 719468;
  if (dayNumberCache.size > 50_000) dayNumberCache.clear();
  dayNumberCache.set(ymd, n);
  return n;
}

/** The `YYYY-MM-DD` string of a day number (the inverse of `dayNumber`). */
export function dayFromNumber(n: number): Ymd {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The Monday of the week holding day number `n` (1970-01-01 was a Thursday). */
function weekStartNumber(n: number): number {
  return n - ((n + 3) % 7 + 7) % 7;
}

/** The first day of the rule's period holding `ymd`: the day itself, or its week's Monday. */
export function periodStart(ymd: Ymd, period: RulePeriod): Ymd {
  return period === 'day' ? ymd : dayFromNumber(weekStartNumber(dayNumber(ymd)));
}

// ---------------------------------------------------------------------------------------------
// Words.

const GO_LIVE_NOUNS: Record<Channel, readonly [string, string]> = {
  email: ['e-mail send', 'e-mail sends'],
  social: ['social post', 'social posts'],
  content: ['content go-live', 'content go-lives'],
  paid: ['paid ad launch', 'paid ad launches'],
  events: ['event', 'events'],
  webinars: ['webinar', 'webinars'],
  seo: ['SEO go-live', 'SEO go-lives'],
  pr: ['PR release', 'PR releases'],
  website: ['website launch', 'website launches'],
  'customer-community': ['community post', 'community posts'],
  internal: ['internal announcement', 'internal announcements'],
  'industry-publications': ['industry publication', 'industry publications'],
};

/** "3 e-mail sends", "1 go-live": a count of go-lives, in the channel's own word when there is one. */
export function goLiveCount(n: number, channel: Channel | null): string {
  const [one, many] = channel ? GO_LIVE_NOUNS[channel] : ['go-live', 'go-lives'];
  return `${n} ${n === 1 ? one : many}`;
}

function channelLabel(channel: Channel): string {
  return CHANNELS.find((c) => c.value === channel)?.label ?? channel;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What a rule asks, in words, for Settings and for a 409 naming the rule: its name when it has one. */
export function ruleDescription(rule: PlanningRule): string {
  if (rule.name) return rule.name;
  const per = rule.period === 'day' ? 'a day' : 'a week';
  const on = rule.channel ? ` on ${channelLabel(rule.channel)}` : '';
  switch (rule.kind) {
    case 'channel_load':
      return rule.channel
        ? `At most ${goLiveCount(rule.limit ?? 0, rule.channel)} ${per}`
        : `At most ${goLiveCount(rule.limit ?? 0, null)} per channel ${per}`;
    case 'audience_load':
      return `At most ${goLiveCount(rule.limit ?? 0, rule.channel)} ${rule.audience ? `to ${rule.audience}` : 'per audience'} ${per}`;
    case 'owner_load':
      return `At most ${goLiveCount(rule.limit ?? 0, rule.channel)} per owner ${per}`;
    case 'non_working':
      return `No go-live${on} on a non-working day`;
    case 'min_gap':
      return `At least ${plural(rule.gap_days ?? 0, 'day')} between ${rule.channel ? GO_LIVE_NOUNS[rule.channel][1] : 'go-lives of one channel'} ${rule.audience ? `to ${rule.audience}` : 'to one audience'}`;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The human text of a violation; the facts it is made of are the arguments. */
export function ruleMessage(
  rule: PlanningRule,
  facts: { count?: number; channel?: Channel | null; audience?: string | null; owner?: string | null; days_apart?: number; date?: Ymd; closed_label?: string | null },
): string {
  const that = rule.period === 'day' ? 'that day' : 'that week';
  const channel = facts.channel ?? rule.channel;
  switch (rule.kind) {
    case 'channel_load':
      return `${goLiveCount(facts.count ?? 0, channel)} ${that}; the limit is ${rule.limit}`;
    case 'audience_load':
      return `${goLiveCount(facts.count ?? 0, channel)} to ${facts.audience ?? rule.audience} ${that}; the limit is ${rule.limit}`;
    case 'owner_load':
      return `${goLiveCount(facts.count ?? 0, channel)} for ${facts.owner || 'one owner'} ${that}; the limit is ${rule.limit}`;
    case 'non_working': {
      const weekday = facts.date ? WEEKDAY_NAMES[((dayNumber(facts.date) + 3) % 7 + 7) % 7] : 'that day';
      return facts.closed_label
        ? `Goes live on ${weekday}, a closed day (${facts.closed_label}); no go-live on non-working days`
        : `Goes live on ${weekday}, a non-working day; no go-live on non-working days`;
    }
    case 'min_gap':
      return `${goLiveCount(2, channel)} to ${facts.audience ?? rule.audience} ${facts.days_apart === 0 ? 'on the same day' : `${plural(facts.days_apart ?? 0, 'day')} apart`}; the minimum gap is ${plural(rule.gap_days ?? 0, 'day')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The facts a rule counts.

function audienceKey(audience: string): string {
  return audience.trim().toLowerCase();
}

const audienceCache = new WeakMap<PlannedCampaign, Map<string, string>>();

/** A campaign's audiences as it counts them: trimmed, lower-case keys, each once, with a display name (read once per row object). */
function audiencesOf(c: PlannedCampaign): Map<string, string> {
  const cached = audienceCache.get(c);
  if (cached) return cached;
  const out = new Map<string, string>();
  audienceCache.set(c, out);
  for (const a of c.audiences ?? []) {
    const key = audienceKey(a);
    if (key && !out.has(key)) out.set(key, a.trim());
  }
  return out;
}

/** An owner's identity: the user when there is one, else the name (case-insensitive); null when none. */
function ownerKey(c: PlannedCampaign): string | null {
  if (c.owner_id) return `id:${c.owner_id}`;
  const name = c.owner?.trim();
  return name ? `name:${name.toLowerCase()}` : null;
}

function onRuleChannels(rule: PlanningRule, c: PlannedCampaign): readonly Channel[] {
  if (rule.channel) return c.channels.includes(rule.channel) ? [rule.channel] : [];
  return c.channels;
}

function onRuleChannel(rule: PlanningRule, c: PlannedCampaign): boolean {
  return !rule.channel || c.channels.includes(rule.channel);
}

/**
 * The buckets a campaign falls into under a load or gap rule: one key per counted thing (channel,
 * audience, owner, channel × audience), with the words the message names it by.
 */
interface Bucket {
  key: string;
  channel: Channel | null;
  audience: string | null;
}

function bucketsOf(rule: PlanningRule, c: PlannedCampaign): Bucket[] {
  switch (rule.kind) {
    case 'channel_load':
      return onRuleChannels(rule, c).map((ch) => ({ key: ch, channel: ch, audience: null }));
    case 'audience_load': {
      if (!onRuleChannel(rule, c)) return [];
      const audiences = audiencesOf(c);
      if (rule.audience) {
        const key = audienceKey(rule.audience);
        return audiences.has(key) ? [{ key, channel: rule.channel, audience: rule.audience }] : [];
      }
      return [...audiences].map(([key, name]) => ({ key, channel: rule.channel, audience: name }));
    }
    case 'owner_load': {
      if (!onRuleChannel(rule, c)) return [];
      const key = ownerKey(c);
      return key ? [{ key, channel: rule.channel, audience: null }] : [];
    }
    case 'min_gap': {
      const audiences = audiencesOf(c);
      const wanted = rule.audience ? audienceKey(rule.audience) : null;
      const out: Bucket[] = [];
      for (const ch of onRuleChannels(rule, c)) {
        for (const [key, name] of audiences) {
          if (wanted === null || key === wanted) out.push({ key: `${ch}\u0000${key}`, channel: ch, audience: rule.audience ?? name });
        }
      }
      return out;
    }
    case 'non_working':
      return [];
  }
}

function byDateThenId(a: PlannedCampaign, b: PlannedCampaign): number {
  return a.live_date < b.live_date ? -1 : a.live_date > b.live_date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Labels of closed days, when the caller has them (`closed_days` of the API): a message names the holiday. */
export interface RulesCalendar extends WorkingCalendar {
  readonly labels?: ReadonlyMap<Ymd, string>;
}

function nonWorking(rule: PlanningRule, c: PlannedCampaign, cal: RulesCalendar): RuleViolation | null {
  if (!onRuleChannel(rule, c) || isWorkingDay(c.live_date, cal)) return null;
  const closed_label = cal.closed.has(c.live_date) ? (cal.labels?.get(c.live_date) ?? 'closed') : null;
  return violation(rule, ruleMessage(rule, { date: c.live_date, closed_label }), c.live_date, [c.id]);
}

function violation(rule: PlanningRule, message: string, date: Ymd, campaign_ids: string[]): RuleViolation {
  return { rule_id: rule.id, kind: rule.kind, severity: rule.severity, message, date, campaign_ids };
}

// ---------------------------------------------------------------------------------------------
// A whole range.

/**
 * Every violation of `rules` among `campaigns` that involves a go-live in `range` (both days
 * included), ordered by date, then rule order. Give it the campaigns of `rulesWindow(rules, range)`
 * so that a week or a gap crossing the range's edge is judged with its campaigns outside it.
 * Linear in the campaigns per rule (plus a sort per bucket for gaps).
 */
export function conflictsIn(campaigns: readonly PlannedCampaign[], rules: readonly PlanningRule[], calendar: RulesCalendar, range: DateRange): RuleViolation[] {
  const out: { v: RuleViolation; order: number }[] = [];
  const inRange = (d: Ymd) => d >= range.from && d <= range.to;
  rules.forEach((rule, order) => {
    if (rule.kind === 'non_working') {
      for (const c of campaigns) {
        if (!inRange(c.live_date)) continue;
        const v = nonWorking(rule, c, calendar);
        if (v) out.push({ v, order });
      }
      return;
    }
    if (rule.kind === 'min_gap') {
      const groups = new Map<string, { bucket: Bucket; members: PlannedCampaign[] }>();
      for (const c of campaigns) {
        for (const b of bucketsOf(rule, c)) {
          const g = groups.get(b.key);
          if (g) g.members.push(c);
          else groups.set(b.key, { bucket: b, members: [c] });
        }
      }
      for (const { bucket, members } of groups.values()) {
        members.sort(byDateThenId);
        for (let i = 1; i < members.length; i++) {
          const a = members[i - 1]!;
          const b = members[i]!;
          const apart = dayNumber(b.live_date) - dayNumber(a.live_date);
          if (apart >= (rule.gap_days ?? 0) || !(inRange(a.live_date) || inRange(b.live_date))) continue;
          const message = ruleMessage(rule, { channel: bucket.channel, audience: rule.audience ?? audienceName(a, bucket.audience ?? ''), days_apart: apart });
          out.push({ v: violation(rule, message, b.live_date, [a.id, b.id]), order });
        }
      }
      return;
    }
    // Load rules: count per bucket and period.
    const period = rule.period ?? 'week';
    const limit = rule.limit ?? Infinity;
    const groups = new Map<string, { bucket: Bucket; start: number; members: PlannedCampaign[] }>();
    for (const c of campaigns) {
      const n = dayNumber(c.live_date);
      const start = period === 'day' ? n : weekStartNumber(n);
      for (const b of bucketsOf(rule, c)) {
        const key = `${start}\u0000${b.key}`;
        const g = groups.get(key);
        if (g) g.members.push(c);
        else groups.set(key, { bucket: b, start, members: [c] });
      }
    }
    for (const { bucket, start, members } of groups.values()) {
      if (members.length <= limit || !members.some((m) => inRange(m.live_date))) continue;
      members.sort(byDateThenId);
      const message = loadMessage(rule, bucket, members);
      out.push({ v: violation(rule, message, dayFromNumber(start), members.map((m) => m.id)), order });
    }
  });
  out.sort((a, b) => (a.v.date < b.v.date ? -1 : a.v.date > b.v.date ? 1 : a.order - b.order || (a.v.message < b.v.message ? -1 : a.v.message > b.v.message ? 1 : 0)));
  return out.map((o) => o.v);
}

function firstOwnerName(members: readonly PlannedCampaign[]): string | null {
  for (const m of members) if (m.owner?.trim()) return m.owner.trim();
  return null;
}

/**
 * The words for a bucket, taken from its earliest member, so a verdict reads the same whichever
 * campaign was judged first ("customers" and "Customers" are one audience).
 */
function loadMessage(rule: PlanningRule, bucket: Bucket, sorted: readonly PlannedCampaign[]): string {
  const audience = rule.audience ?? (bucket.audience === null ? null : audienceName(sorted[0]!, bucket.audience));
  return ruleMessage(rule, { count: sorted.length, channel: bucket.channel, audience, owner: firstOwnerName(sorted) });
}

function audienceName(c: PlannedCampaign, fallback: string): string {
  return audiencesOf(c).get(audienceKey(fallback)) ?? fallback;
}

/**
 * The window of go-lives `conflictsIn` needs to judge `range` fully: the weeks around its edges
 * and the largest gap before and after.
 */
export function rulesWindow(rules: readonly PlanningRule[], range: DateRange): DateRange {
  let margin = 0;
  for (const r of rules) {
    if (r.kind === 'min_gap') margin = Math.max(margin, (r.gap_days ?? 0) - 1);
    else if (r.period === 'week') margin = Math.max(margin, 6);
  }
  return { from: dayFromNumber(dayNumber(range.from) - margin), to: dayFromNumber(dayNumber(range.to) + margin) };
}

/** The ids of campaigns in any violation: what the Conflicts filter keeps and badges mark. */
export function conflictedIds(violations: readonly RuleViolation[]): Set<string> {
  const ids = new Set<string>();
  for (const v of violations) for (const id of v.campaign_ids) ids.add(id);
  return ids;
}

/** The earliest and latest days a `YYYY-MM-DD` can name: an open side of a window. */
const OPEN_RANGE: DateRange = { from: '0000-01-01', to: '9999-12-31' };

/**
 * The go-live range the Conflicts filter (`conflicts=1`) judges for a list's window: `from`…`to`,
 * either side open when not given (no window: every go-live), a backwards window read as to…from
 * (a list's window is read that way too).
 */
export function conflictFilterRange(window: { from?: Ymd | undefined; to?: Ymd | undefined }): DateRange {
  const from = window.from ?? OPEN_RANGE.from;
  const to = window.to ?? OPEN_RANGE.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/**
 * What `conflicts=1` keeps: the campaigns in a conflict with a go-live in the list's window, judged
 * over `campaigns`, the whole plan (every campaign, readable or not, as `GET /api/conflicts`
 * judges), so the server and the browser's client keep the same rows.
 */
export function conflictFilterIds(
  campaigns: readonly PlannedCampaign[],
  rules: readonly PlanningRule[],
  calendar: RulesCalendar,
  window: { from?: Ymd | undefined; to?: Ymd | undefined },
): Set<string> {
  return rules.length ? conflictedIds(conflictsIn(campaigns, rules, calendar, conflictFilterRange(window))) : new Set();
}

// ---------------------------------------------------------------------------------------------
// One placement (a drag, a dialog, a write on the server).

/**
 * The other campaigns by day, built once (per drag, per write) so that each day entered is
 * judged by looking at a week or a gap's worth of days instead of every campaign.
 */
export interface PlanningIndex {
  readonly byDay: ReadonlyMap<number, readonly PlannedCampaign[]>;
}

export function planningIndex(campaigns: readonly PlannedCampaign[]): PlanningIndex {
  const byDay = new Map<number, PlannedCampaign[]>();
  for (const c of campaigns) {
    const n = dayNumber(c.live_date);
    const list = byDay.get(n);
    if (list) list.push(c);
    else byDay.set(n, [c]);
  }
  return { byDay };
}

/**
 * What placing `candidate` on its `live_date` would break, given the other campaigns (`index`;
 * the candidate's own row, by id, is left out, so its old place never counts against its new one).
 * Only violations the candidate takes part in, worded as `conflictsIn` words them (the counts
 * include the candidate), in rule order.
 */
export function checkPlacement(candidate: PlannedCampaign, index: PlanningIndex | readonly PlannedCampaign[], rules: readonly PlanningRule[], calendar: RulesCalendar): RuleViolation[] {
  const idx = 'byDay' in index ? index : planningIndex(index);
  const day = dayNumber(candidate.live_date);
  const others = (from: number, to: number): PlannedCampaign[] => {
    const out: PlannedCampaign[] = [];
    for (let n = from; n <= to; n++) {
      for (const c of idx.byDay.get(n) ?? []) if (c.id !== candidate.id) out.push(c);
    }
    return out;
  };
  const out: RuleViolation[] = [];
  for (const rule of rules) {
    if (rule.kind === 'non_working') {
      const v = nonWorking(rule, candidate, calendar);
      if (v) out.push(v);
      continue;
    }
    const mine = bucketsOf(rule, candidate);
    if (mine.length === 0) continue;
    if (rule.kind === 'min_gap') {
      const gap = rule.gap_days ?? 0;
      const near = others(day - gap + 1, day + gap - 1);
      for (const bucket of mine) {
        const peers = near.filter((c) => bucketsOf(rule, c).some((b) => b.key === bucket.key));
        // The nearest peer on each side, as conflictsIn pairs neighbours.
        let before: PlannedCampaign | null = null;
        let after: PlannedCampaign | null = null;
        for (const p of peers) {
          if (byDateThenId(p, candidate) < 0) {
            if (!before || byDateThenId(p, before) > 0) before = p;
          } else if (!after || byDateThenId(p, after) < 0) after = p;
        }
        for (const [a, b] of [[before, candidate], [candidate, after]] as const) {
          if (!a || !b) continue;
          const apart = dayNumber(b.live_date) - dayNumber(a.live_date);
          if (apart >= gap) continue;
          const message = ruleMessage(rule, { channel: bucket.channel, audience: rule.audience ?? audienceName(a, bucket.audience ?? ''), days_apart: apart });
          out.push(violation(rule, message, b.live_date, [a.id, b.id]));
        }
      }
      continue;
    }
    const period = rule.period ?? 'week';
    const start = period === 'day' ? day : weekStartNumber(day);
    const pool = others(start, period === 'day' ? start : start + 6);
    for (const bucket of mine) {
      const members = pool.filter((c) => bucketsOf(rule, c).some((b) => b.key === bucket.key));
      members.push(candidate);
      if (members.length <= (rule.limit ?? Infinity)) continue;
      members.sort(byDateThenId);
      const message = loadMessage(rule, bucket, members);
      out.push(violation(rule, message, dayFromNumber(start), members.map((m) => m.id)));
    }
  }
  return out;
}

/** The blocking violations among some: what refuses a write or a drop. */
export function blockingViolations(violations: readonly RuleViolation[]): RuleViolation[] {
  return violations.filter((v) => v.severity === 'block');
}

/**
 * The 409 a write that breaks a blocking rule gets (`rule_blocked`): the message is the first
 * violation's words with the rule they break; details name every blocking violation, path
 * `rules.<rule id>` (`line <n>.live_date` for an import's line, as the go-live gate names them).
 */
export function ruleRefusal(
  blocks: readonly RuleViolation[],
  rules: readonly PlanningRule[],
  where?: { line: number; title: string; more: number },
): { message: string; details: Array<{ path: string; message: string }> } {
  const describe = (v: RuleViolation) => {
    const r = rules.find((x) => x.id === v.rule_id);
    return r ? ruleDescription(r) : 'a planning rule';
  };
  const first = blocks[0]!;
  const core = `${first.message} (${describe(first)})`;
  const more = where && where.more > 0 ? ` (and ${where.more} more ${where.more === 1 ? 'line' : 'lines'})` : '';
  const message = where ? `Line ${where.line}, "${where.title}": ${core}${more}` : core;
  return { message, details: blocks.map((v) => ({ path: where ? `line ${where.line}.live_date` : `rules.${v.rule_id}`, message: `${v.message} (${describe(v)})` })) };
}

/** The fields a rule reads; a write that changes none of them cannot break a rule it did not already. */
export const PLACEMENT_FIELDS = ['live_date', 'channels', 'audiences', 'owner_id', 'owner'] as const;

/**
 * Whether a write needs the rules' verdict: a new campaign, one whose placement changes, or one
 * going Live (the go-live gate also asks the rules). An edit of a campaign's brief is never
 * refused because of a conflict it was already in.
 */
export function needsRuleCheck(before: (PlannedCampaign & { status?: string }) | null, after: PlannedCampaign & { status?: string }): boolean {
  if (!before) return true;
  if (after.status === 'live' && before.status !== 'live') return true;
  if (before.live_date !== after.live_date) return true;
  if (!sameList(before.channels, after.channels)) return true;
  if (!sameList(before.audiences ?? [], after.audiences ?? [], audienceKey)) return true;
  return (before.owner_id ?? null) !== (after.owner_id ?? null) || (before.owner?.trim() || null) !== (after.owner?.trim() || null);
}

function sameList(a: readonly string[], b: readonly string[], key: (s: string) => string = (s) => s): boolean {
  const sa = new Set(a.map(key));
  const sb = new Set(b.map(key));
  if (sa.size !== sb.size) return false;
  for (const x of sa) if (!sb.has(x)) return false;
  return true;
}

/**
 * A violation's identity: to compare two verdicts or key a list. The message is part of it, as a
 * rule over every channel can be broken by the same campaigns on two channels at once.
 */
export function violationKey(v: RuleViolation): string {
  return `${v.rule_id}|${v.date}|${v.campaign_ids.join(',')}|${v.message}`;
}
