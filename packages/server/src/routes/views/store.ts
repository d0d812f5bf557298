import { can, storedViewFilter, type CampaignFilter, type FilterContext, type Principal, type SavedView } from '@cadence/core';
import type { Knex } from 'knex';
import { selectViews, type ViewRaw } from '../../data/resources/saved-views';
import { AppError } from '../../errors';
import { whereListFilters } from '../campaigns/filters';
import { conflictFilterIdsFor } from '../../planning-rules/store';
import { whereReadable } from '../campaigns/readable';

export async function viewById(db: Knex, id: string): Promise<ViewRaw | undefined> {
  return selectViews(db).where('v.id', id).first();
}

/** The caller's own views and the shared ones whose dashboard it may read: shared first, then by name. */
export async function visibleViews(db: Knex, p: Principal): Promise<ViewRaw[]> {
  const rows: ViewRaw[] = await selectViews(db)
    .where((w) => w.where('v.shared', true).orWhere((o) => o.where('v.shared', false).where('v.created_by', p.userId)))
    .orderBy([{ column: 'v.shared', order: 'desc' }])
    .orderByRaw('lower(v.name), v.id');
  return rows.filter((v) => can(p, 'read', 'view', v));
}

/** 409 on `name` when the owner (personal) or the team (shared) already has a view of that name. */
export async function assertNameFree(db: Knex, v: { name: string; shared: boolean; created_by: string | null }, exceptId?: string): Promise<void> {
  const q = db('saved_views').whereRaw('lower(name) = lower(?)', [v.name]).where('shared', v.shared);
  if (!v.shared) q.where('created_by', v.created_by);
  if (exceptId) q.whereNot('id', exceptId);
  if (await q.first('id')) throw nameTaken(v.name);
}

export const nameTaken = (name: string): AppError => {
  const message = `A view named “${name}” already exists`;
  return new AppError(409, 'already_exists', message, [{ path: 'name', message }]);
};

/** The WHERE fragment of whereListFilters for one filter, as raw SQL with its bindings. */
function filterFragment(db: Knex, f: CampaignFilter, ctx: FilterContext): { sql: string; bindings: readonly Knex.Value[] } {
  const compiled = whereListFilters(db.queryBuilder(), f, ctx).toSQL();
  const m = /^select \* where ([\s\S]*)$/.exec(compiled.sql);
  return m ? { sql: m[1]!, bindings: compiled.bindings } : { sql: 'true', bindings: [] };
}

/**
 * Each view's count in one query (docs/adr/0032): `count(*) FILTER (WHERE …)` per view over the
 * campaigns the caller may read, the same filters as the list and the stats route.
 */
export async function countViews(db: Knex, p: Principal, views: ReadonlyArray<Pick<SavedView, 'id' | 'dashboard' | 'query'>>): Promise<Record<string, number>> {
  if (!views.length) return {};
  const filters = views.map((v) => storedViewFilter(v));
  // A view keeps no window: its Conflicts filter counts the campaigns in any conflict.
  const conflicted = filters.some((f) => f.conflicts) ? await conflictFilterIdsFor(db, {}) : undefined;
  const parts = filters.map((f) => filterFragment(db, f, { me: p.userId, conflicted }));
  const select = parts.map((f, i) => `(count(*) FILTER (WHERE ${f.sql}))::int AS c${i}`).join(', ');
  const row = await whereReadable(db('campaigns'), p).select(db.raw(select, parts.flatMap((f) => [...f.bindings]) as Knex.RawBinding[])).first();
  return Object.fromEntries(views.map((v, i) => [v.id, Number(row?.[`c${i}`] ?? 0)]));
}
