import { HISTORY_POLICY, HISTORY_RESOURCES, type HistoryResource } from '../entities';
import { can, type CampaignAccessFields, type Principal } from '../policy';

// The activity log's rules (docs/adr/0028): who reads an entry, what an update changed, what a
// revert would write and when it must refuse. Pure, so the server, the CLI and the widgets agree.
// No zod here: browser bundles import this module (docs/adr/0015).

// What an entry is about and whose read rule guards it come from the entity table.
export { HISTORY_POLICY, HISTORY_RESOURCES, type HistoryResource } from '../entities';

export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'promote', 'grant', 'revoke', 'role', 'import', 'review_request', 'approve', 'request_changes', 'override'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The resources whose rows can be reverted (the API's own writes; admin records are changed by their own routes). */
export const REVERTIBLE_RESOURCES: readonly HistoryResource[] = HISTORY_RESOURCES.filter((r) => HISTORY_POLICY[r] !== null);

/** A review's request, decision or override is a fact, not a field: never reverted (docs/adr/0056). */
export const REVIEW_ACTIONS: ReadonlySet<string> = new Set(['review_request', 'approve', 'request_changes', 'override']);

export const isHistoryResource = (value: string): value is HistoryResource => (HISTORY_RESOURCES as readonly string[]).includes(value);

export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type HistoryChanges = Record<string, FieldChange>;

/** The parts of an entry the rules look at. */
export interface HistoryEntryFacts {
  id: string;
  resource: HistoryResource;
  row_id: string | null;
  action: HistoryAction | string;
  changes: HistoryChanges | null;
  /** For a delete: the row as it was. */
  row: Record<string, unknown> | null;
}

/**
 * May `p` see the values of an entry written while its campaign was where `access` says (scope,
 * channels, creator, as recorded with the entry)? An entry without that record (older ones,
 * other kinds of rows) is judged by its row alone, as `can(p, 'read', 'history', …)` does.
 */
export function canSeeEntryValues(p: Principal, access: CampaignAccessFields | null | undefined): boolean {
  return !access || can(p, 'read', 'campaign', access);
}

/** Fields whose stored values are bookkeeping, never a user's change. */
const BOOKKEEPING = new Set(['version', 'updated_at', 'created_at', 'change_xid', 'access_before']);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `patch` whose value differs between the two presented rows, with both values. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: Iterable<string>): HistoryChanges {
  const out: HistoryChanges = {};
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    if (!same(before[field], after[field])) out[field] = { before: before[field] ?? null, after: after[field] ?? null };
  }
  return out;
}

export type RevertPlan =
  | { kind: 'update'; patch: Record<string, unknown> }
  | { kind: 'recreate'; row: Record<string, unknown> }
  | { kind: 'delete' }
  | { kind: 'conflict'; fields: string[]; message: string }
  | { kind: 'refused'; message: string };

/**
 * What reverting `entry` would write to the row as it is now (`current`, undefined when gone),
 * given the entries written after it for the same row. An update puts back its before values
 * unless a later change touched one of those fields (or the row no longer holds the value this
 * entry wrote); a delete recreates the row it kept; a create deletes the row if nothing changed
 * it since.
 */
export function planRevert(
  entry: HistoryEntryFacts,
  current: Record<string, unknown> | undefined,
  later: ReadonlyArray<Pick<HistoryEntryFacts, 'action' | 'changes'>>,
): RevertPlan {
  if (REVIEW_ACTIONS.has(entry.action)) return { kind: 'refused', message: 'A review request, decision or override is a fact, not a field: it cannot be reverted' };
  if (HISTORY_POLICY[entry.resource] === null || entry.row_id === null) {
    return { kind: 'refused', message: `A ${entry.action} of ${entry.resource} cannot be reverted here` };
  }
  if (entry.action === 'delete') {
    if (current) return { kind: 'conflict', fields: ['id'], message: 'The row exists again; there is nothing to recreate' };
    if (!entry.row) return { kind: 'refused', message: 'This entry did not keep the deleted row' };
    return { kind: 'recreate', row: entry.row };
  }
  if (!current) return { kind: 'conflict', fields: ['id'], message: 'The row has been deleted since' };
  if (entry.action === 'create') {
    const touched = [...new Set(later.flatMap((e) => Object.keys(e.changes ?? {})))].sort();
    if (touched.length) return { kind: 'conflict', fields: touched, message: `Changed since it was created: ${touched.join(', ')}` };
    return { kind: 'delete' };
  }
  const changes = entry.changes ?? {};
  const fields = Object.keys(changes);
  if (!fields.length) return { kind: 'refused', message: 'This entry changed no fields' };
  const laterFields = new Set(later.flatMap((e) => Object.keys(e.changes ?? {})));
  const conflicts = fields.filter((f) => laterFields.has(f) || !same(current[f], changes[f]!.after)).sort();
  if (conflicts.length) return { kind: 'conflict', fields: conflicts, message: `Changed again since: ${conflicts.join(', ')}` };
  const patch = Object.fromEntries(fields.map((f) => [f, changes[f]!.before]));
  const invalid = entry.resource === 'campaigns' ? invalidCampaign({ ...current, ...patch }) : null;
  if (invalid) return { kind: 'conflict', fields: invalid.fields, message: invalid.message };
  return { kind: 'update', patch };
}

/**
 * A campaign row a revert would leave invalid (docs/product.md: a channel campaign lives in its
 * primary channel alone), e.g. undoing a promote after channels were added to the campaign.
 */
function invalidCampaign(row: Record<string, unknown>): { fields: string[]; message: string } | null {
  if (row.scope !== 'channel') return null;
  const channels = Array.isArray(row.channels) ? row.channels : [];
  if (row.primary_channel && channels.length === 1 && channels[0] === row.primary_channel) return null;
  return { fields: ['channels'], message: 'A channel campaign has only its primary channel, and this one has others now: change its channels first' };
}

// ── Cursors: where a page of newest-first entries ended (an entry id, opaque to clients) ──
const CURSOR = /^h([0-9]{1,18})$/;

export const encodeHistoryCursor = (entryId: string): string => `h${entryId}`;

/** The entry id a cursor points after, or null for anything this API did not hand out. */
export function decodeHistoryCursor(cursor: string): string | null {
  const m = CURSOR.exec(cursor);
  return m ? m[1]! : null;
}

/** An entry id as the API writes it: a positive integer in decimal. */
export const isHistoryEntryId = (value: string): boolean => /^[1-9][0-9]{0,17}$/.test(value);
