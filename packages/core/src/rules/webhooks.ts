// Signed webhooks (docs/adr/0058-signed-webhooks.md): the event names, which writes raise which
// events, the changed fields' old values, the retry schedule and the Slack sentence. Pure and
// zod-free, so the server, the Settings panel and the CLI agree on them.

/** Every event an endpoint may subscribe to, grouped as the Settings panel shows them. */
export const WEBHOOK_EVENT_GROUPS = {
  Campaigns: ['campaign.created', 'campaign.updated', 'campaign.moved', 'campaign.deleted'],
  Tasks: ['task.assigned', 'task.done'],
  Reviews: ['review.requested', 'review.approved', 'review.changes_requested'],
  Comments: ['comment.created'],
} as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[keyof typeof WEBHOOK_EVENT_GROUPS][number];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.values(WEBHOOK_EVENT_GROUPS).flat();

/** What an endpoint subscribes to: event names, or `*` for every event. */
export type WebhookSubscription = WebhookEventType | '*';

export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The test event `POST /api/webhooks/:id/test` sends; no subscription needed. */
export const WEBHOOK_PING = 'ping';

export const isWebhookEventType = (s: string): s is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(s);

/** Whether an endpoint subscribed to `events` receives `type` (a ping goes to whoever asks for it). */
export const webhookSubscribes = (events: readonly string[], type: string): boolean => type === WEBHOOK_PING || events.includes('*') || events.includes(type);

/** A campaign's fields whose change moves it on the plan: a change of any is `campaign.moved`. */
export const CAMPAIGN_DATE_FIELDS = ['planning_start_date', 'live_date', 'end_date'] as const;

type Row = Readonly<Record<string, unknown>>;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The old values of the fields that changed (Stripe's and Plane's `previous_attributes`), of
 * `fields` when given (the fields a write wrote), else of every field of `before`. Bookkeeping
 * (version, updated_at) is left out: it changes with every write.
 */
export function previousAttributes(before: Row, after: Row, fields?: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields ?? Object.keys(before)) {
    if (k === 'version' || k === 'updated_at') continue;
    if (!same(before[k], after[k])) out[k] = before[k] ?? null;
  }
  return out;
}

/**
 * The events one row write raises: `before` is null for a create, `after` null for a delete.
 * Campaigns: created, updated (any visible change), moved (a date changed, beside updated),
 * deleted. Tasks: assigned (created with an assignee, or given another one), done (its status
 * became done). Other entities raise none here (comments call `queueEvent` themselves).
 */
export function webhookEventsOf(entity: string, before: Row | null, after: Row | null): WebhookEventType[] {
  if (entity === 'campaigns') {
    if (!before) return ['campaign.created'];
    if (!after) return ['campaign.deleted'];
    const changed = Object.keys(previousAttributes(before, after));
    if (!changed.length) return [];
    return CAMPAIGN_DATE_FIELDS.some((f) => changed.includes(f)) ? ['campaign.updated', 'campaign.moved'] : ['campaign.updated'];
  }
  if (entity === 'tasks' && after) {
    const out: WebhookEventType[] = [];
    if (after.assignee_id && after.assignee_id !== before?.assignee_id) out.push('task.assigned');
    if (before && after.status === 'done' && before.status !== 'done') out.push('task.done');
    return out;
  }
  // A campaign's comment (docs/adr/0059); an idea's comments are not plan data and raise nothing.
  if (entity === 'campaign_comments' && !before && after) return ['comment.created'];
  return [];
}

/** Entities whose writes through the row operations may raise events (data/crud.ts asks before a create's fast path). */
export const WEBHOOK_ENTITIES: readonly string[] = ['campaigns', 'tasks', 'campaign_comments'];

/**
 * When a failed delivery is tried again, after `attempts` attempts: 1 min, 5 min, 30 min, 2 h,
 * 5 h, 10 h (about 18 h in all, then the last try ends the day), each ±20 % so endpoints that fail
 * together are not all retried at once. `null`: give up (failed) — after 7 attempts, or once the
 * next try would fall more than 24 h after the event.
 */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 300, 600] as const;
export const WEBHOOK_GIVE_UP_MS = 24 * 3600_000;

export function webhookRetryDelayMs(attempts: number, random: number = Math.random()): number | null {
  const minutes = WEBHOOK_RETRY_MINUTES[attempts - 1];
  if (minutes === undefined) return null;
  return Math.round(minutes * 60_000 * (0.8 + 0.4 * random));
}

export interface WebhookEventLike {
  type: string;
  actor: { id: string; email: string } | null;
  data: { object: Row; previous_attributes: Row };
}

/** Where an event's row lives in the app, from PUBLIC_URL. */
export function webhookLink(publicUrl: string, event: WebhookEventLike): string {
  const base = publicUrl.replace(/\/+$/, '');
  const o = event.data.object;
  const campaignId = event.type.startsWith('campaign.') || event.type.startsWith('review.') ? o.id : (o.campaign_id ?? (o.campaign as Row | undefined)?.id);
  if (event.type === 'campaign.deleted' || !campaignId) return `${base}/`;
  const tab = event.type.startsWith('task.') ? '?tab=tasks' : event.type.startsWith('review.') ? '?tab=review' : '';
  return `${base}/campaigns/${String(campaignId)}${tab}`;
}

const VERBS: Record<string, string> = {
  'campaign.created': 'created campaign',
  'campaign.updated': 'updated campaign',
  'campaign.moved': 'moved campaign',
  'campaign.deleted': 'deleted campaign',
  'task.assigned': 'assigned task',
  'task.done': 'completed task',
  'review.requested': 'requested a review of',
  'review.approved': 'approved',
  'review.changes_requested': 'asked for changes to',
  'comment.created': 'commented on',
  ping: 'sent a test event from',
};

/** The readable sentence a Slack-format endpoint receives as `{text}` (Slack's link syntax `<url|label>`). */
export function webhookSlackText(publicUrl: string, event: WebhookEventLike): string {
  const o = event.data.object;
  const who = event.actor?.email ?? 'Cadence';
  const name = String(o.title ?? o.name ?? o.id ?? 'Cadence');
  const link = webhookLink(publicUrl, event);
  let text = `${who} ${VERBS[event.type] ?? event.type} <${link}|${name.replace(/[<>|]/g, '')}>`;
  if (event.type === 'campaign.moved' && o.live_date) text += `: now live ${String(o.live_date)}`;
  if (event.type === 'task.assigned' && o.assignee_email) text += ` to ${String(o.assignee_email)}`;
  return text;
}
