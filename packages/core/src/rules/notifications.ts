import { addDays, type Ymd } from '../dates';

// The inbox and its mail (docs/adr/0060-inbox-and-notification-mail.md): who hears about what, how
// each person wants to hear it, where an item links to and what it says. Pure and zod-free: the
// server, the memory client, the widgets and the CLI share it.

/** What an inbox item is about. */
export const NOTIFICATION_KINDS = [
  'mentioned',
  'task_assigned',
  'task_due_tomorrow',
  'task_overdue',
  'review_requested',
  'approved',
  'changes_requested',
  'campaign_changed',
  'campaign_drifted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a person hears about a kind: in the app only, an e-mail at once, or in the daily digest (the app always shows it). */
export const NOTIFICATION_DELIVERIES = ['app', 'email', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const NOTIFICATION_DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  app: 'In the app',
  email: 'E-mail at once',
  digest: 'Daily digest',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mentioned: 'Someone mentions me',
  task_assigned: 'A task is assigned to me',
  task_due_tomorrow: 'My task is due tomorrow',
  task_overdue: 'My task is overdue',
  review_requested: 'My review is requested',
  approved: 'A campaign I asked review for is approved',
  changes_requested: 'Changes are asked on a campaign I asked review for',
  campaign_changed: 'A campaign I watch changes its dates or status',
  campaign_drifted: 'A campaign I watch slips past the latest saved baseline',
};

/** Defaults that do not flood: what needs the person now by mail, the rest once a day (docs/adr/0060). */
export const DEFAULT_DELIVERIES: Readonly<Record<NotificationKind, NotificationDelivery>> = {
  mentioned: 'email',
  task_assigned: 'digest',
  task_due_tomorrow: 'digest',
  task_overdue: 'digest',
  review_requested: 'email',
  approved: 'digest',
  changes_requested: 'digest',
  campaign_changed: 'digest',
  campaign_drifted: 'digest',
};

export const DEFAULT_DIGEST_TIME = '08:00';
/** Until a person saves their own (the settings page offers the browser's). */
export const DEFAULT_TIME_ZONE = 'UTC';

export interface NotificationPrefs {
  kinds: Record<NotificationKind, NotificationDelivery>;
  /** `HH:MM`, in `time_zone`. */
  digest_time: string;
  /** An IANA zone name. */
  time_zone: string;
}

/** What a person has saved, filled in with the defaults (a kind they never chose, a kind added later). */
export function effectivePrefs(stored?: { kinds?: Partial<Record<string, string>> | null; digest_time?: string | null; time_zone?: string | null } | null): NotificationPrefs {
  const kinds = { ...DEFAULT_DELIVERIES };
  for (const kind of NOTIFICATION_KINDS) {
    const chosen = stored?.kinds?.[kind];
    if (chosen && (NOTIFICATION_DELIVERIES as readonly string[]).includes(chosen)) kinds[kind] = chosen as NotificationDelivery;
  }
  return { kinds, digest_time: stored?.digest_time || DEFAULT_DIGEST_TIME, time_zone: stored?.time_zone || DEFAULT_TIME_ZONE };
}

export const isNotificationKind = (s: unknown): s is NotificationKind => typeof s === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(s);
export const isNotificationDelivery = (s: unknown): s is NotificationDelivery => typeof s === 'string' && (NOTIFICATION_DELIVERIES as readonly string[]).includes(s);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClockTime = (s: unknown): s is string => typeof s === 'string' && HHMM.test(s);

/** An IANA time zone this runtime knows (`Europe/Paris`, `UTC`); offsets and abbreviations are not zones. */
export function isTimeZone(s: unknown): s is string {
  if (typeof s !== 'string' || s === '' || s.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(s)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: s });
    return true;
  } catch {
    return false;
  }
}

/**
 * Who hears about a change: each candidate once, never its actor (nobody is told what they did
 * themselves), nobody unknown. Read access is checked where the rows are (the server's insert
 * filters by it), since it must be the access of now.
 */
export function recipientsOf(candidates: Iterable<string | null | undefined>, actorId: string | null | undefined): string[] {
  const out = new Set<string>();
  for (const id of candidates) if (id && id !== actorId) out.add(id);
  return [...out];
}

/** The part of a campaign's dialog an item is about. */
export type CampaignTab = 'details' | 'tasks' | 'review' | 'comments';

export const TAB_OF_KIND: Readonly<Record<NotificationKind, CampaignTab>> = {
  mentioned: 'comments',
  task_assigned: 'tasks',
  task_due_tomorrow: 'tasks',
  task_overdue: 'tasks',
  review_requested: 'review',
  approved: 'review',
  changes_requested: 'review',
  campaign_changed: 'details',
  campaign_drifted: 'details',
};

/**
 * The SPA's address of a campaign's dialog at a tab: the dashboard with `campaign` and
 * `campaign_tab` (`tab` is the dashboard's own: calendar, timeline…). Relative; mail prefixes the site's URL.
 */
export function campaignHref(campaignId: string, tab: CampaignTab = 'details'): string {
  return `/?${new URLSearchParams({ campaign: campaignId, campaign_tab: tab }).toString()}`;
}

/** The campaign and tab a dashboard address opens, if it names one. */
export function campaignOfHref(search: string | URLSearchParams): { campaign: string; tab: CampaignTab } | null {
  const params = new URLSearchParams(typeof search === 'string' && search.includes('?') ? search.slice(search.indexOf('?')) : search);
  const campaign = params.get('campaign');
  if (!campaign || !/^[0-9a-f-]{36}$/i.test(campaign)) return null;
  const tab = params.get('campaign_tab');
  return { campaign, tab: tab === 'tasks' || tab === 'review' || tab === 'comments' ? tab : 'details' };
}

/** What an item says, as stored with it: enough to say what happened without reading the campaign again. */
export interface NotificationData {
  campaign_title?: string | undefined;
  task_title?: string | undefined;
  due_date?: string | null | undefined;
  /** Dates or status of a watched campaign: each changed field's old and new value. */
  changes?: Record<string, { before: unknown; after: unknown }> | undefined;
  /** A comment's first words (mentions, changes asked). */
  excerpt?: string | undefined;
  channel?: string | undefined;
  /** The comment that mentions (its tab can scroll to it). */
  comment_id?: string | undefined;
  /** A drift (docs/adr/0063): the saved baseline slipped past, and the go-live then and now. */
  baseline_name?: string | undefined;
  slip_days?: number | undefined;
  was_live?: string | undefined;
  live_date?: string | undefined;
}

export interface DescribedNotification {
  kind: NotificationKind;
  data: NotificationData;
  actor_email?: string | null;
}

const FIELD_WORDS: Record<string, string> = {
  planning_start_date: 'planning start',
  live_date: 'go-live',
  end_date: 'end date',
  status: 'status',
};

const quoted = (s: string | undefined) => `“${s ?? 'a task'}”`;
const shown = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : String(v));

/** The item in words, as the inbox and the mail say it: "ann@x.com assigned you “Write copy” on Spring launch". */
export function describeNotification(n: DescribedNotification): string {
  const who = n.actor_email || 'Someone';
  const campaign = n.data.campaign_title ?? 'a campaign';
  switch (n.kind) {
    case 'mentioned':
      return `${who} mentioned you on ${campaign}${n.data.excerpt ? `: “${n.data.excerpt}”` : ''}`;
    case 'task_assigned':
      return `${who} assigned you ${quoted(n.data.task_title)} on ${campaign}`;
    case 'task_due_tomorrow':
      return `Your task ${quoted(n.data.task_title)} on ${campaign} is due tomorrow`;
    case 'task_overdue':
      return `Your task ${quoted(n.data.task_title)} on ${campaign} is overdue${n.data.due_date ? ` (due ${n.data.due_date})` : ''}`;
    case 'review_requested':
      return `${who} asked for your review of ${campaign}`;
    case 'approved':
      return `${who} approved ${campaign}${n.data.channel ? ` for ${n.data.channel}` : ''}`;
    case 'changes_requested':
      return `${who} asked for changes to ${campaign}${n.data.excerpt ? `: “${n.data.excerpt}”` : ''}`;
    case 'campaign_changed': {
      const changes = Object.entries(n.data.changes ?? {}).map(([field, c]) => `${FIELD_WORDS[field] ?? field} ${shown(c.before)} → ${shown(c.after)}`);
      return `${who} changed ${campaign}${changes.length ? `: ${changes.join(', ')}` : ''}`;
    }
    case 'campaign_drifted': {
      const days = n.data.slip_days ?? 0;
      const dates = n.data.was_live && n.data.live_date ? ` (go-live ${n.data.was_live} → ${n.data.live_date})` : '';
      return `${campaign} slipped ${days} day${days === 1 ? '' : 's'} past the baseline “${n.data.baseline_name ?? 'saved baseline'}”${dates}`;
    }
  }
}

/** A comment's first words for an item: one line, at most `max` characters. */
export function excerptOf(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Items grouped per campaign where several arrive together: neighbours (in the list's newest-first
 * order) about the same campaign make one group, so a campaign moved twice reads as one block.
 */
export function groupNotifications<T extends { campaign_id: string | null }>(items: readonly T[]): Array<{ campaign_id: string | null; items: T[] }> {
  const groups: Array<{ campaign_id: string | null; items: T[] }> = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && item.campaign_id !== null && last.campaign_id === item.campaign_id) last.items.push(item);
    else groups.push({ campaign_id: item.campaign_id, items: [item] });
  }
  return groups;
}

/** A digest's items per campaign, campaigns in the order their first item came. */
export function digestSections<T extends { campaign_id: string | null }>(items: readonly T[]): Array<{ campaign_id: string | null; items: T[] }> {
  const by = new Map<string | null, T[]>();
  for (const item of items) {
    const list = by.get(item.campaign_id) ?? [];
    list.push(item);
    by.set(item.campaign_id, list);
  }
  return [...by].map(([campaign_id, list]) => ({ campaign_id, items: list }));
}

/** The day and the wall-clock time at `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { day: Ymd; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}` as Ymd, time: `${get('hour')}:${get('minute')}` };
}

/** Whether a person's digest is due at `now`: their digest time has passed today, in their zone; `day` is that day (once per day). */
export function digestDue(now: Date, prefs: Pick<NotificationPrefs, 'digest_time' | 'time_zone'>): { due: boolean; day: Ymd } {
  const { day, time } = localClock(now, prefs.time_zone);
  return { due: time >= prefs.digest_time, day };
}

/**
 * The task reminders due on a person's `today`: a task due tomorrow, and one overdue (due before
 * today, for up to a week: older ones were told of already, or predate the inbox). Each item is
 * keyed by the due date it is about, so a task is reminded once per due date and kind.
 */
export function reminderWindow(today: Ymd): { tomorrow: Ymd; overdueFrom: Ymd; overdueBefore: Ymd } {
  return { tomorrow: addDays(today, 1), overdueFrom: addDays(today, -7), overdueBefore: today };
}

/** The fields of a campaign whose change its watchers hear of: its dates and its status. */
export const WATCHED_CAMPAIGN_FIELDS = ['planning_start_date', 'live_date', 'end_date', 'status'] as const;

/** What of a campaign's dates and status a write changed, each field's old and new value (empty: nothing to tell). */
export function watchedChanges(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of WATCHED_CAMPAIGN_FIELDS) {
    if (!(field in after)) continue;
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (was !== now) out[field] = { before: was, after: now };
  }
  return out;
}
