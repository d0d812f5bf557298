import { CHANNEL_VALUES } from '../channels';
import type { CampaignFilter } from '../schemas/campaign-filter';
import { OWNERS_LISTED } from '../constants';
import type { CampaignStats, StatCounts } from '../schemas/campaign-stats';
import { campaignMatchesFilter, type CampaignFilterFields } from './campaign-filter';
import { sortOwners, type StatGroup } from './campaign-stats';

// No zod here: the widgets apply realtime changes with this (docs/adr/0034).

/** The fields a campaign's counts read: the stats' groups, and the filters a count can follow in place. */
export type CountedFields = Pick<StatGroup, 'status' | 'scope' | 'channels' | 'primary_channel'> & { owner: string | null; priority?: string | null };

/**
 * What a realtime campaign change says about the row's past (docs/adr/0034): the transaction that
 * created it, and each earlier state of its counted fields with the transaction that replaced it,
 * oldest first. `fields` is null where the receiver could not read that state (it never counted
 * it). A delete's last entry is the state the delete removed.
 */
export interface CountedBasis {
  created: string;
  before: Array<{ until: string; fields: CountedFields | null }>;
  /** Older states were dropped (the server keeps the last few). */
  truncated?: boolean;
}

/** A PostgreSQL snapshot (`pg_current_snapshot()` as text, `xmin:xmax:xip,…`): which transactions an answer saw. */
export interface Snapshot {
  xmin: number;
  xmax: number;
  running: ReadonlySet<number>;
}

export function parseSnapshot(text: string): Snapshot | null {
  const m = /^(\d+):(\d+):([\d,]*)$/.exec(text);
  if (!m) return null;
  const running = new Set(m[3] ? m[3].split(',').map(Number) : []);
  return { xmin: Number(m[1]), xmax: Number(m[2]), running };
}

/** Whether the transaction's writes are in the snapshot: it had committed when the snapshot was taken. */
export function sawTransaction(s: Snapshot, xid: number): boolean {
  return xid < s.xmin || (xid < s.xmax && !s.running.has(xid));
}

/** The seq's transaction (docs/adr/0023: seq = xid × 65,536 + rank). */
export const seqTransaction = (seq: number): number => Math.floor(seq / 65_536);

/**
 * The row's counted state as the snapshot saw it: null when it did not exist then (or the reader
 * could not read it), undefined when the basis does not reach back that far.
 */
export function stateAtSnapshot(s: Snapshot, basis: CountedBasis, current: CountedFields | null): CountedFields | null | undefined {
  if (!sawTransaction(s, Number(basis.created))) return null;
  const first = basis.before.findIndex((b) => !sawTransaction(s, Number(b.until)));
  if (first === -1) return current;
  // The first replacement the snapshot did not see: what it replaced is what the snapshot saw,
  // unless older states were dropped and an older replacement was unseen as well.
  if (first === 0 && basis.truncated) return undefined;
  return basis.before[first]!.fields;
}

/** A cached stats answer: its snapshot, and the counted state of each row changed since, as counted. */
export interface StatsInPlace extends CampaignStats {
  as_of?: string;
  owner_counts?: Record<string, number>;
  /** Rows whose contribution changed after the snapshot: id → what is counted now (null: nothing). */
  counted?: Readonly<Record<string, CountedFields | null>>;
}

/** A realtime change as the stats see it. */
export interface StatsChange {
  seq: number;
  id: string;
  /** The row now; null after a delete, or for a reader who may no longer read it. */
  row: CountedFields | null;
  basis?: CountedBasis;
}

const CHANGED_ROWS_KEPT = 2_000;

function addTo(into: StatCounts, f: CountedFields, n: number): void {
  into.total += n;
  into.by_status[f.status] += n;
  if (f.scope === 'channel') into.channel_only += n;
  else into.global += n;
}

const cloneCounts = (c: StatCounts): StatCounts => ({ ...c, by_status: { ...c.by_status } });

/**
 * Applies one change to cached counts without asking the server, or returns null when it cannot
 * be done exactly (the caller refetches the counts): an answer without a snapshot, a search or a
 * date window (whose fields the basis does not carry), a basis that does not reach the snapshot,
 * or an owner list it cannot keep exact. Applying the same change twice changes nothing.
 */
/**
 * What a cached answer counted for the changed row: `held` when the answer already holds the
 * change (nothing to do), else the state counted (null: none), or undefined when it cannot be told.
 */
function countedBefore(
  snapshot: Snapshot,
  counted: Readonly<Record<string, CountedFields | null>>,
  change: StatsChange,
): { held: true } | { held: false; before: CountedFields | null } | undefined {
  if (Object.prototype.hasOwnProperty.call(counted, change.id)) return { held: false, before: counted[change.id]! };
  if (sawTransaction(snapshot, seqTransaction(change.seq))) return { held: true };
  const before = change.basis ? stateAtSnapshot(snapshot, change.basis, change.row) : undefined;
  return before === undefined ? undefined : { held: false, before };
}

const matchesCounted = (f: CountedFields | null, filter: CampaignFilter): f is CountedFields =>
  !!f && campaignMatchesFilter(f as unknown as CampaignFilterFields, filter);

export function applyStatsChange(stats: StatsInPlace, change: StatsChange, filter: CampaignFilter & { from?: string; to?: string }): StatsInPlace | null {
  const snapshot = stats.as_of ? parseSnapshot(stats.as_of) : null;
  // The task filters read the summary and today, and the Conflicts filter the whole plan, which the
  // counted fields do not hold: refetch.
  if (!snapshot || !stats.owner_counts || filter.q || filter.from || filter.to || filter.assignee || filter.overdue || filter.owner_id || filter.conflicts) return null;
  const counted = stats.counted ?? {};
  const found = countedBefore(snapshot, counted, change);
  if (!found || Object.keys(counted).length >= CHANGED_ROWS_KEPT) return null;
  // A change the answer already holds: nothing to do (still a new object, as the counts were checked).
  if (found.held) return { ...stats };
  const { before } = found;
  const matches = (f: CountedFields | null): f is CountedFields => matchesCounted(f, filter);
  const next: StatsInPlace = {
    ...stats,
    by_status: { ...stats.by_status },
    by_channel: Object.fromEntries(CHANNEL_VALUES.map((c) => [c, cloneCounts(stats.by_channel[c])])) as CampaignStats['by_channel'],
    owner_counts: { ...stats.owner_counts },
    counted: { ...counted, [change.id]: change.row },
  };
  const owners = new Set(stats.owners);
  const move = (f: CountedFields, n: number): boolean => {
    addTo(next, f, n);
    for (const c of CHANNEL_VALUES) if (f.channels.includes(c) || f.primary_channel === c) addTo(next.by_channel[c], f, n);
    if (!f.owner) return true;
    const left = (next.owner_counts![f.owner] ?? 0) + n;
    if (left > 0) next.owner_counts![f.owner] = left;
    else delete next.owner_counts![f.owner];
    if (n > 0 && !owners.has(f.owner)) {
      // A full list may not have held this owner because others sorted first: ask the server.
      if (owners.size >= OWNERS_LISTED) return false;
      owners.add(f.owner);
    } else if (n < 0 && left <= 0 && owners.delete(f.owner) && owners.size + 1 >= OWNERS_LISTED) {
      return false; // an owner beyond the list may now belong in it
    }
    return true;
  };
  if (matches(before) && !move(before, -1)) return null;
  if (matches(change.row) && !move(change.row, 1)) return null;
  next.owners = sortOwners(owners);
  return next;
}

/** `GET /api/views/counts` as cached: each view's count, the snapshot, and the rows moved since. */
export interface ViewCountsInPlace {
  counts: Record<string, number>;
  as_of?: string;
  counted?: Readonly<Record<string, CountedFields | null>>;
}

/**
 * Moves each saved view's count by one change, as applyStatsChange moves the cards; `filters`
 * gives each counted view's filter. Null when it cannot be exact: a view whose filter is unknown
 * or searches text, no snapshot, or a basis that does not reach it.
 */
export function applyViewCountsChange(answer: ViewCountsInPlace, change: StatsChange, filters: Readonly<Record<string, CampaignFilter | null | undefined>>): ViewCountsInPlace | null {
  const snapshot = answer.as_of ? parseSnapshot(answer.as_of) : null;
  if (!snapshot) return null;
  const ids = Object.keys(answer.counts);
  if (ids.some((id) => !filters[id] || filters[id]!.q)) return null;
  const counted = answer.counted ?? {};
  const found = countedBefore(snapshot, counted, change);
  if (!found || Object.keys(counted).length >= CHANGED_ROWS_KEPT) return null;
  if (found.held) return { ...answer };
  const counts = { ...answer.counts };
  for (const id of ids) {
    counts[id] = counts[id]! - (matchesCounted(found.before, filters[id]!) ? 1 : 0) + (matchesCounted(change.row, filters[id]!) ? 1 : 0);
  }
  return { ...answer, counts, counted: { ...counted, [change.id]: change.row } };
}
