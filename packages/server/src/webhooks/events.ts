import { afterCommit } from '../jobs/background';
import { randomUUID } from 'node:crypto';
import { can, previousAttributes, webhookEventsOf, type CampaignAccessFields, type WebhookEventType } from '@cadence/core';
import type { Knex } from 'knex';
import { usersWithRights } from '../routes/tasks/assignees';

// Events are queued in the transaction of the write that raises them (docs/adr/0058): one
// `webhook_deliveries` row per subscribed endpoint whose creator may read the row, so a write
// that rolls back sends nothing, and a commit wakes this process's delivery task.

export interface QueuedEvent {
  /** An event name of core's WEBHOOK_EVENT_TYPES (or `ping`, sent to one endpoint by its test route). */
  type: WebhookEventType;
  /** Who made the change (null: the server itself). */
  actorId: string | null;
  /** The row as the API shows it (`data.object`); a delete's last row. */
  row: Record<string, unknown>;
  /** The changed fields' old values (`data.previous_attributes`). */
  previous?: Record<string, unknown>;
  /** More about the event beside the row (a review's channel, decision and comment). */
  extra?: Record<string, unknown>;
}

export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  actor: { id: string; email: string } | null;
  data: { object: Record<string, unknown>; previous_attributes: Record<string, unknown> } & Record<string, unknown>;
}

type Waker = () => void;
const wakers = new WeakMap<object, Set<Waker>>();

/** Called after each commit that queued deliveries (the delivery task of this process). */
export function onWebhooksQueued(db: Knex, wake: Waker): () => void {
  // Transactions get a client of their own, but share the root client's config object.
  const key = db.client.config as object;
  const set = wakers.get(key) ?? new Set<Waker>();
  set.add(wake);
  wakers.set(key, set);
  return () => set.delete(wake);
}

function wakeAfterCommit(trx: Knex): void {
  const set = wakers.get(trx.client.config as object);
  if (!set?.size) return;
  afterCommit(trx, () => set.forEach((wake) => wake()));
}

/** Whether any active endpoint listens to one of `types`: a create skips its one-statement fast path for it (data/crud.ts). */
export async function webhooksListening(db: Knex, types: readonly string[]): Promise<boolean> {
  if (!types.length) return false;
  const row = await db('webhook_endpoints').where('active', true).whereRaw('events && ?::text[]', [[...types, '*']]).first('id');
  return !!row;
}

/** The campaign whose rights decide who may hear of the event: the row itself, or its campaign. */
async function campaignOf(trx: Knex, type: string, row: Record<string, unknown>): Promise<CampaignAccessFields | null> {
  if (type.startsWith('campaign.') || type.startsWith('review.')) return row as unknown as CampaignAccessFields;
  const id = row.campaign_id ?? (row.campaign as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return null;
  return ((await trx('campaigns').where({ id }).first('scope', 'primary_channel', 'channels', 'created_by')) as CampaignAccessFields | undefined) ?? null;
}

/**
 * Whether the endpoint's creator may still read the event's row, asked again when it is sent: a
 * delivery queued (or retried for a day) before its creator was demoted is not sent. A ping
 * carries no row.
 */
export async function creatorMayRead(db: Knex, creatorId: string | null, event: Pick<WebhookEvent, 'type' | 'data'>): Promise<boolean> {
  if (event.type === 'ping') return true;
  if (!creatorId) return false;
  const [creator] = await usersWithRights(db, [creatorId]);
  const campaign = creator ? await campaignOf(db, event.type, event.data.object) : null;
  return !!creator && !!campaign && can(creator.principal, 'read', 'campaign', campaign);
}

/**
 * Queues one event for every active endpoint subscribed to its type whose creator may read the
 * row now (an administrator demoted since, or one without rights on the row's channel, hears
 * nothing of it). Call it inside the write's transaction. Answers the event, or null when no
 * endpoint takes it.
 */
export async function queueEvent(trx: Knex, e: QueuedEvent): Promise<WebhookEvent | null> {
  const endpoints: Array<{ id: string; created_by: string | null }> = await trx('webhook_endpoints')
    .where('active', true)
    .whereRaw('events && ?::text[]', [[e.type, '*']])
    .select('id', 'created_by');
  if (!endpoints.length) return null;
  const campaign = await campaignOf(trx, e.type, e.row);
  const creators = new Map((await usersWithRights(trx, [...new Set(endpoints.flatMap((x) => (x.created_by ? [x.created_by] : [])))])).map((u) => [u.id, u]));
  const reaching = endpoints.filter((x) => {
    const creator = x.created_by ? creators.get(x.created_by) : undefined;
    return !!creator && !!campaign && can(creator.principal, 'read', 'campaign', campaign);
  });
  if (!reaching.length) return null;
  const actor = e.actorId ? ((await trx('users').where({ id: e.actorId }).first('id', 'email')) ?? null) : null;
  const event: WebhookEvent = {
    id: randomUUID(),
    type: e.type,
    created_at: new Date().toISOString(),
    actor: actor ? { id: actor.id, email: actor.email } : null,
    data: { object: e.row, previous_attributes: e.previous ?? {}, ...e.extra },
  };
  const payload = JSON.stringify(event);
  await trx('webhook_deliveries').insert(reaching.map((x) => ({ webhook_id: x.id, event_id: event.id, event_type: event.type, payload })));
  wakeAfterCommit(trx);
  return event;
}

/**
 * The events of one row write through the row operations (data/crud.ts): `before` null for a
 * create, `after` null for a delete, both as the API shows the row; `fields`, the fields written.
 */
export async function queueRowEvents(
  trx: Knex,
  entity: string,
  actorId: string | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: Iterable<string>,
): Promise<void> {
  const types = webhookEventsOf(entity, before, after);
  if (!types.length) return;
  const previous = before && after ? previousAttributes(before, after, fields ? [...fields] : undefined) : {};
  for (const type of types) await queueEvent(trx, { type, actorId, row: (after ?? before)!, previous });
}

/** Queues a `ping` for one endpoint (its test route), whoever may read what. */
export async function queuePing(trx: Knex, webhookId: string, actorId: string | null): Promise<WebhookEvent> {
  const actor = actorId ? ((await trx('users').where({ id: actorId }).first('id', 'email')) ?? null) : null;
  const event: WebhookEvent = {
    id: randomUUID(),
    type: 'ping',
    created_at: new Date().toISOString(),
    actor: actor ? { id: actor.id, email: actor.email } : null,
    data: { object: { id: webhookId, title: 'Test event' }, previous_attributes: {} },
  };
  await trx('webhook_deliveries').insert({ webhook_id: webhookId, event_id: event.id, event_type: 'ping', payload: JSON.stringify(event) });
  wakeAfterCommit(trx);
  return event;
}
