import type { ChangeFrame, CountedBasis, CountedFields, Principal, ResyncFrame, SubscriptionFilter } from '@cadence/core';
import type { AuthState } from '../auth/auth-state';
import type { Topic } from '../data/changes';
import { canReadChange, matchesFilter } from './access';
import type { ChangeRecord } from './feed';

/** What a client asked to hear: one topic, optionally only rows whose fields equal the filter's. */
export interface Subscription {
  topic: Topic;
  filter: SubscriptionFilter | undefined;
}

const COUNTED_FIELDS = ['status', 'scope', 'channels', 'primary_channel', 'owner', 'priority'] as const;

/**
 * What this reader's counts held for the row in earlier states (docs/adr/0034): each state it
 * could read (the routes' rule on that state), or null where it could not, so its counts never
 * learn of a row it may not read.
 */
function basisFor(change: ChangeRecord, principal: Principal): { basis?: CountedBasis } {
  if (!change.counted) return {};
  const entries = change.counted.before;
  const truncated = entries[0]?.truncated === true;
  const before = entries.filter((e) => e.truncated !== true).map((e) => {
    const state = { ...change.row, ...e };
    const fields = canReadChange(principal, change.topic, state)
      ? (Object.fromEntries(COUNTED_FIELDS.map((k) => [k, state[k] ?? null])) as unknown as CountedFields)
      : null;
    return { until: String(e.until), fields };
  });
  return { basis: { created: change.counted.created, before, ...(truncated ? { truncated } : {}) } };
}

/**
 * The frame one connection gets for one change, or null. A row goes only to a principal who
 * may read it (the HTTP routes' rule, realtime/access.ts) and has a subscription that wants it;
 * a resync goes to every subscriber of its topic, as it names no row.
 */
export function deliver(change: ChangeRecord, principal: Principal | null, subscriptions: Iterable<Subscription>): ChangeFrame | ResyncFrame | null {
  const subs = [...subscriptions];
  if (change.op === 'resync') {
    return subs.some((sub) => sub.topic === change.topic) ? { type: 'resync', seq: change.seq, topic: change.topic } : null;
  }
  if (!principal) return null;
  if (!canReadChange(principal, change.topic, change.row)) {
    // A row this reader could see in an earlier state (a campaign moved out of its channels)
    // leaves its lists: it is told the row is gone, and only its id (docs/adr/0023).
    const lost = change.op === 'update' && (change.was?.some((was) => canReadChange(principal, change.topic, { ...change.row, ...was })) || leftView(change, principal));
    return lost && subs.some((sub) => sub.topic === change.topic)
      ? { type: 'change', seq: change.seq, topic: change.topic, op: 'delete', id: change.row_id, ...basisFor(change, principal) }
      : null;
  }
  const wanted = subs.some((sub) => sub.topic === change.topic && matchesFilter(sub.filter, change.row));
  if (!wanted) return null;
  if (change.op === 'delete') return { type: 'change', seq: change.seq, topic: change.topic, op: 'delete', id: change.row_id, ...basisFor(change, principal) };
  // No change is logged without its row but a delete; were one, its subscribers would refetch the topic.
  if (!change.row) return { type: 'resync', seq: change.seq, topic: change.topic };
  // The feed's rows are their resources' own presentation (realtime/feed.ts), the API's row for the topic.
  if (change.counted) return { type: 'change', seq: change.seq, topic: change.topic, op: change.op, row: change.row, ...basisFor(change, principal) } as ChangeFrame;
  return sameForEveryReader(change);
}

const shared = new WeakMap<ChangeRecord, ChangeFrame>();

/**
 * A row change without counted states reads the same for every reader allowed to see it: one
 * frame object per change, so the connections that send it can share its encoding
 * (connection.ts), instead of two hundred dashboards each encoding fifty re-planned tasks.
 */
function sameForEveryReader(change: ChangeRecord): ChangeFrame {
  let frame = shared.get(change);
  if (!frame) {
    frame = { type: 'change', seq: change.seq, topic: change.topic, op: change.op, row: change.row } as ChangeFrame;
    shared.set(change, frame);
  }
  return frame;
}

/**
 * A campaign a view-bound key could read but for its view (docs/adr/0032): an update took it out
 * of the view when one of its earlier counted states (docs/adr/0034: status, owner, channels…)
 * was in it. Without those states (a row older than them), any readable update counts as leaving;
 * at worst the key is told twice, by id only.
 */
const leftView = (change: ChangeRecord, p: Principal): boolean => {
  if (!p.campaignFilter || change.topic !== 'campaigns') return false;
  const earlier = change.counted?.before.filter((e) => e.truncated !== true) ?? [];
  if (earlier.length) return earlier.some((e) => canReadChange(p, change.topic, { ...change.row, ...e }));
  return canReadChange({ ...p, campaignFilter: null }, change.topic, change.row);
};

/**
 * True when the change may alter who the caller is, which must be reloaded before the change is
 * judged: the caller's own permission records; for a key bound to a saved view, also its view's
 * owner's records (the key reads only what both may, docs/adr/0036) and any edit of the view itself
 * (the binding is live, docs/adr/0032).
 */
export function changesWhoCallerIs(change: ChangeRecord, auth: AuthState | null): boolean {
  if (!auth) return false;
  if (change.topic === 'permissions') {
    const userId = change.row?.user_id;
    return userId === auth.principal.userId || (!!auth.view && userId === auth.view.ownerId);
  }
  return change.topic === 'saved_views' && !!auth.view && change.row_id === auth.view.id;
}
