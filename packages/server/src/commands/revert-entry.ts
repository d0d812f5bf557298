import { can, HISTORY_POLICY, planRevert, type HistoryEntry, type Principal, type RevertPlan, type RevertResult } from '@cadence/core';
import type { Knex } from 'knex';
import { notifyCampaignChanged } from '../notifications/producers';
import { goLiveGate, refreshApprovalSummaries, withApprovalSummary } from '../approvals/store';
import { planningGate } from '../planning-rules/store';
import type { Ctx } from '../http/authenticate';
import { deleteRow, updateRow } from '../data/crud';
import { HISTORY_DATA } from '../data/registry';
import { asJudged, type AnyResource } from '../data/resource';
import { changedInTransaction } from '../data/changes';
import { AppError, forbidden, notFound, revertConflict } from '../errors';
import type { Services } from '../services';
import { entriesQuery, presentEntry, rowStates, withRowStates, type StoredEntry } from '../history/read';
import { recordHistory } from '../history/record';
import { currentActor } from '../history/actor';
import { queueRowEvents } from '../webhooks/events';

/** One entry the caller may read, or 404 (an entry they may not read does not exist for them). */
export async function readableEntry(db: Knex, p: Principal, entryId: string): Promise<HistoryEntry> {
  const stored: StoredEntry | undefined = await entriesQuery(db).where('h.id', entryId).first();
  if (!stored) throw notFound('History entry');
  const policy = HISTORY_POLICY[stored.resource];
  if (!(policy === null ? can(p, 'administer', 'user') : can(p, 'read', policy))) throw notFound('History entry');
  if (!can(p, 'read', 'history', withRowStates(stored, await rowStates(db, [stored])))) throw notFound('History entry');
  return presentEntry(stored, p);
}

/** Values as the API presents them, as the table takes them (jsonb objects go as JSON text). */
const writable = (patch: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v]));

function refuseUnless(plan: RevertPlan): asserts plan is Extract<RevertPlan, { kind: 'update' | 'recreate' | 'delete' }> {
  if (plan.kind === 'conflict') throw revertConflict(plan.message, plan.fields);
  if (plan.kind === 'refused') throw new AppError(400, 'validation_failed', plan.message, [{ path: 'entryId', message: plan.message }]);
}

/** A foreign key the old values name may be gone (an ad's type, deleted since): a conflict, not a 500. */
async function foreignKeysAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: string }).code === '23503') throw revertConflict('The old values refer to a row that no longer exists', []);
    throw err;
  }
}

/**
 * Puts back what `entryId` changed, as a normal write by `p` (the same checks, If-Match, and its
 * own entry with `reverts`): an update's before values, a deleted row with its id, or a created
 * row removed. Refused with 409 naming the fields a later change touched.
 */
export async function revertEntry(s: Services, p: Principal, entryId: string, ifMatch: number | null, dryRun: boolean, ctx?: Ctx): Promise<RevertResult> {
  const entry = await readableEntry(s.db, p, entryId);
  if (entry.withheld) {
    const where = entry.resource === 'campaigns' ? 'campaign' : entry.resource === 'tasks' ? "task's campaign" : 'row';
    throw forbidden(`This change was made while the ${where} was in a channel you cannot see`);
  }
  const r: AnyResource | undefined = HISTORY_DATA.get(entry.resource);
  if (!r || !entry.row_id) throw new AppError(400, 'validation_failed', `A ${entry.action} of ${entry.resource} cannot be reverted`, [{ path: 'entryId', message: 'Not revertible' }]);
  const rowId = entry.row_id;
  const later = await s.db('history_entries').where({ resource: entry.resource, row_id: rowId }).where('id', '>', entry.id).select('action', 'changes');
  const laterFacts = later.map((e: { action: string; changes: unknown }) => ({ action: e.action, changes: typeof e.changes === 'string' ? JSON.parse(e.changes) : e.changes }));
  const currentRaw = (await rowStates(s.db, [entry])).current(entry.resource, rowId) as Record<string, unknown> | undefined;
  const current = currentRaw ? (r.present(currentRaw) as Record<string, unknown>) : undefined;
  const plan = planRevert(entry as never, current, laterFacts);
  refuseUnless(plan);
  const summary = plan.kind === 'update' ? { kind: plan.kind, patch: plan.patch } : { kind: plan.kind };

  if (plan.kind === 'recreate') {
    // Undoing a delete asks what the delete asked (the author or an admin; the channel rules), and the right to create it.
    const [gone] = await asJudged(r, s.db, [{ ...plan.row, created_by: plan.row.created_by ?? null }]);
    if (!can(p, 'delete', r.policy, gone) || !can(p, 'create', r.policy, gone)) throw forbidden(`You may not bring back this ${r.label.toLowerCase()}`);
    // Its reviews went with it: a Live campaign comes back only through the gate, as a new one would (docs/adr/0056).
    if (entry.resource === 'campaigns') await goLiveGate(s.db, null, plan.row as never);
    // And the planning rules (docs/adr/0062), as a new campaign on that day would be: in the write's
    // transaction, where writes a blocking rule judges take turns.
    const planningRules = (db: typeof s.db) => (entry.resource === 'campaigns' ? planningGate(db, null, plan.row as never, ctx) : undefined);
    if (dryRun) {
      await planningRules(s.db);
      return { plan: summary, row: null, entry_id: null, dry_run: true };
    }
    return foreignKeysAsConflict(() =>
      s.db.transaction(async (trx) => {
        await planningRules(trx);
        const row = { ...plan.row, version: Number(plan.row.version ?? 0) + 1 };
        const columns = Object.keys(row).map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
        await trx.raw(`INSERT INTO ${r.table} (${columns}) SELECT ${columns} FROM jsonb_populate_record(NULL::${r.table}, ?::jsonb)`, [JSON.stringify(row)]);
        const id = await recordHistory(trx, { resource: entry.resource, rowId, action: 'create', reverts: entry.id });
        // Its reviews went with it: its approval summary is today's rules' (docs/adr/0056).
        if (entry.resource === 'campaigns') await refreshApprovalSummaries(trx, { ids: [rowId] });
        changedInTransaction(trx);
        const raw = await r.select(trx).where(r.idColumn ?? `${r.table}.id`, rowId).first();
        const back = r.present(raw) as Record<string, unknown>;
        // Back as a new row: its webhooks hear of a create (docs/adr/0058).
        await queueRowEvents(trx, r.entity, currentActor().userId, null, back);
        return { plan: summary, row: back, entry_id: id, dry_run: false };
      }),
    );
  }
  if (!current) throw notFound(r.label);
  // The fields a revert writes are known: rules that let some callers write some fields judge it by them (docs/adr/0049).
  const changes = plan.kind === 'update' ? Object.keys(plan.patch) : undefined;
  if (!can(p, plan.kind === 'delete' ? 'delete' : 'update', r.policy, changes ? { ...currentRaw, changes } : currentRaw)) {
    throw forbidden(`You may not change this ${r.label.toLowerCase()}`);
  }
  if (plan.kind === 'update' && !can(p, 'update', r.policy, { ...currentRaw, ...plan.patch, changes })) throw forbidden(`You may not move this ${r.label.toLowerCase()} back there`);
  if (dryRun) return { plan: summary, row: null, entry_id: null, dry_run: true };

  if (plan.kind === 'delete') {
    await deleteRow(s, r, p, rowId, { ifMatch, reverts: entry.id });
    return { plan: summary, row: null, entry_id: await lastEntryId(s.db, entry.resource, rowId), dry_run: false };
  }
  const row = await foreignKeysAsConflict(() =>
    updateRow(
      s,
      r,
      p,
      rowId,
      async (locked, trx) => {
        // Judged again under the lock: a change that committed meanwhile is refused, not overwritten.
        const again = planRevert(entry as never, r.present(locked) as Record<string, unknown>, laterFacts);
        refuseUnless(again);
        if (again.kind !== 'update') throw revertConflict('The row changed meanwhile', []);
        // Putting a campaign back to Live passes the go-live gate like any other write (docs/adr/0056).
        if (entry.resource === 'campaigns') await goLiveGate(trx, locked as never, { ...(locked as object), ...again.patch } as never);
        if (entry.resource === 'campaigns') await planningGate(trx, locked as never, { ...(locked as object), ...again.patch } as never, ctx);
        const columns = r.toColumns ? r.toColumns(again.patch) : writable(again.patch);
        if (entry.resource !== 'campaigns') return columns;
        // Dates or status put back are news to the campaign's watchers like any other change (docs/adr/0060).
        await notifyCampaignChanged(s, trx, { before: locked as never, after: columns, actorId: p.userId || null });
        return withApprovalSummary(trx, locked as Record<string, unknown>, columns);
      },
      { ifMatch, reverts: entry.id, changes },
    ),
  );
  return { plan: summary, row: row as Record<string, unknown>, entry_id: await lastEntryId(s.db, entry.resource, rowId), dry_run: false };
}

async function lastEntryId(db: Knex, resource: string, rowId: string): Promise<string | null> {
  const last = await db('history_entries').where({ resource, row_id: rowId }).max('id as id').first();
  return last?.id ? String(last.id) : null;
}
