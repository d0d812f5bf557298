import { CONFLICTS_NOT_BINDABLE, can, canReadViewDashboard, droppedQueryMessage, savedViewFilter, viewNeedsWholePlan, type SavedView } from '@cadence/core';
import { savedViewCountsSchema, savedViewCreateSchema, savedViewSchema, savedViewUpdateSchema } from '@cadence/core/schemas';
import type { Knex } from 'knex';
import { z } from 'zod';
import { changedInTransaction } from '../../data/changes';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../errors';
import type { AuthState } from '../../http/authenticate';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';
import { presentView, type ViewRaw } from '../../data/resources/saved-views';
import { whereOpen } from '../share-links/store';
import { assertNameFree, countViews, nameTaken, viewById, visibleViews } from './store';

const TAG = 'Saved views';

/** Saved views belong to people: a key (even an admin's) neither reads nor writes them. */
function person(auth: AuthState): AuthState {
  // can() refuses key-shaped principals; a key that acts as its creator looks like them, hence the id.
  if (!can(auth.principal, 'read', 'view') || auth.accessKeyId) throw forbidden('Access keys cannot use saved views');
  return auth;
}

function checkQuery(v: Pick<SavedView, 'dashboard' | 'query'>): void {
  const parsed = savedViewFilter(v.dashboard, v.query);
  if (parsed.dropped) throw fieldError('query', droppedQueryMessage(parsed.dropped));
}

/** What is about to be written: a view of a dashboard the caller reads, shared only by those who may share. */
function checkSharing(auth: AuthState, v: Pick<SavedView, 'dashboard' | 'shared' | 'created_by'>): void {
  if (can(auth.principal, 'create', 'view', v)) return;
  if (!canReadViewDashboard(auth.principal, v.dashboard)) throw forbidden('You may not read this dashboard');
  throw forbidden('Only administrators and users who may create campaigns can share views');
}

const unique = (e: unknown, name: string): unknown => ((e as { code?: string }).code === '23505' ? nameTaken(name) : e);

/** The active keys bound to a view, which keep it shared and in place. */
const boundKeys = (db: Knex, id: string) => db('access_keys').where({ view_id: id }).whereNull('revoked_at').select('id', 'name');

async function lockView(trx: Knex, auth: AuthState, id: string, ifMatch: number | null, action: 'update' | 'delete'): Promise<ViewRaw> {
  const locked = await trx('saved_views').where({ id }).forUpdate().first('id');
  const before = locked ? await viewById(trx, id) : undefined;
  if (!before || !can(auth.principal, 'read', 'view', before)) throw notFound('View');
  if (!can(auth.principal, action, 'view', before)) throw forbidden('Only the view’s owner or an administrator can change a shared view');
  if (ifMatch !== null && ifMatch !== before.version) throw conflict(presentView(before));
  return before;
}

export function savedViewRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'get', path: '/api/views', tag: TAG, access: 'user',
    summary: 'The caller’s saved views and the shared ones whose dashboard it may read: shared first, then by name',
    response: z.array(savedViewSchema),
    handler: async ({ auth }) => (await visibleViews(s.db, person(auth).principal)).map(presentView),
  });
  t.add({
    method: 'get', path: '/api/views/counts', tag: TAG, access: 'user',
    summary: 'How many campaigns each visible view shows (its dashboard’s “Showing N of M campaigns”), by view id, in one query',
    response: savedViewCountsSchema,
    handler: async ({ auth }) => {
      const p = person(auth).principal;
      // One snapshot, named in the answer, as for the stats (docs/adr/0034).
      return s.db.transaction(
        async (trx) => {
          const snap = await trx.raw('SELECT pg_current_snapshot()::text AS s');
          return { counts: await countViews(trx, p, await visibleViews(trx, p)), as_of: String((snap.rows ?? snap)[0].s) };
        },
        { isolationLevel: 'repeatable read', readOnly: true },
      );
    },
  });
  t.add({
    method: 'get', path: '/api/views/:id', tag: TAG, access: 'user', summary: 'One saved view', response: savedViewSchema,
    handler: async ({ auth, params }) => {
      const raw = await viewById(s.db, params.id!);
      if (!raw || !can(person(auth).principal, 'read', 'view', raw)) throw notFound('View');
      return presentView(raw);
    },
  });
  t.add({
    method: 'post', path: '/api/views', tag: TAG, access: 'user', status: 201,
    summary: 'Save a view: a name and a dashboard link’s query, personal or (admins and users who may create campaigns) shared',
    body: savedViewCreateSchema, response: savedViewSchema,
    handler: async ({ auth, body }) => {
      person(auth);
      const values = { ...body, created_by: auth.principal.userId };
      checkQuery(values);
      checkSharing(auth, values);
      const id = await s.db.transaction(async (trx) => {
        await assertNameFree(trx, values);
        const [row] = await trx('saved_views').insert(values).returning('id').catch((e) => { throw unique(e, body.name); });
        changedInTransaction(trx);
        return String(row.id);
      });
      return presentView((await viewById(s.db, id))!);
    },
  });
  t.add({
    method: 'patch', path: '/api/views/:id', tag: TAG, access: 'user',
    summary: 'Change a view’s name, dashboard, query or sharing; If-Match guards against lost updates. Personal views: the owner; shared: the owner or an admin',
    body: savedViewUpdateSchema, response: savedViewSchema,
    handler: async ({ auth, params, body, ifMatch }) => {
      person(auth);
      await s.db.transaction(async (trx) => {
        const before = await lockView(trx, auth, params.id!, ifMatch, 'update');
        const next = { ...before, ...body };
        if (body.query !== undefined || body.dashboard !== undefined) {
          checkQuery(next);
          if (viewNeedsWholePlan(next) && !viewNeedsWholePlan(before)) await checkNotReadThroughCredentials(trx, before.id);
        }
        if (body.shared !== undefined || body.dashboard !== undefined) checkSharing(auth, next);
        if (!next.shared && before.shared) {
          if (!before.created_by) throw fieldError('shared', 'This view’s owner was deleted: it stays shared');
          const keys = await boundKeys(trx, before.id);
          if (keys.length) throw keyConflict('shared', keys, 'Views bound to access keys stay shared');
        }
        if (body.name !== undefined || body.shared !== undefined) await assertNameFree(trx, next, before.id);
        if (!Object.keys(body).length) return;
        await trx('saved_views')
          .where({ id: before.id })
          .update({ ...body, version: trx.raw('version + 1'), updated_at: trx.fn.now() })
          .catch((e) => { throw unique(e, next.name); });
        changedInTransaction(trx);
      });
      // A key bound to this view reads what it shows now (the trigger tells the other servers).
      s.principals.invalidate();
      return presentView((await viewById(s.db, params.id!))!);
    },
  });
  t.add({
    method: 'delete', path: '/api/views/:id', tag: TAG, access: 'user', status: 204,
    summary: 'Delete a view; refused (409) while an active access key is bound to it',
    handler: async ({ auth, params, ifMatch }) => {
      person(auth);
      await s.db.transaction(async (trx) => {
        const before = await lockView(trx, auth, params.id!, ifMatch, 'delete');
        const keys = await boundKeys(trx, before.id);
        if (keys.length) throw keyConflict('id', keys, 'Revoke the key first');
        await trx('saved_views').where({ id: before.id }).delete();
        await keepForUndo(trx, before, auth.principal.userId!);
        changedInTransaction(trx);
      });
      s.principals.invalidate();
      return undefined;
    },
  });
  t.add({
    method: 'post', path: '/api/views/:id/restore', tag: TAG, access: 'user', status: 201,
    summary: `Undo a delete: the view comes back with its id, owner and creation time. Only whoever deleted it, within ${TRASH_HOURS} hours`,
    response: savedViewSchema,
    handler: async ({ auth, params }) => {
      person(auth);
      await s.db.transaction(async (trx) => {
        const kept = await trx('saved_view_trash')
          .where({ id: params.id!, deleted_by: auth.principal.userId })
          .where('deleted_at', '>', trx.raw(`now() - interval '${TRASH_HOURS} hours'`))
          .forUpdate()
          .first('view');
        if (!kept) throw cannotRestore();
        const view = await restorable(trx, kept.view as TrashedView);
        if (!can(auth.principal, 'delete', 'view', view)) throw forbidden('Only the view’s owner or an administrator can restore a shared view');
        await assertNameFree(trx, view);
        await trx('saved_views').insert({ ...view, version: view.version + 1, updated_at: trx.fn.now() }).catch((e) => { throw unique(e, view.name); });
        await trx('saved_view_trash').where({ id: view.id }).delete();
        changedInTransaction(trx);
      });
      return presentView((await viewById(s.db, params.id!))!);
    },
  });
}

/** How long a deleted view can be brought back. */
const TRASH_HOURS = 24;

type TrashedView = Pick<SavedView, 'id' | 'name' | 'dashboard' | 'query' | 'shared' | 'created_by' | 'created_at' | 'version'>;

/** The deleted row, kept for Undo; older ones are dropped on the way. */
async function keepForUndo(trx: Knex, before: ViewRaw, deletedBy: string): Promise<void> {
  const view: TrashedView = {
    id: before.id, name: before.name, dashboard: before.dashboard, query: before.query, shared: before.shared,
    created_by: before.created_by ?? null, created_at: new Date(before.created_at).toISOString(), version: before.version,
  };
  await trx('saved_view_trash').where('deleted_at', '<', trx.raw(`now() - interval '${TRASH_HOURS} hours'`)).delete();
  await trx('saved_view_trash').insert({ id: before.id, view: JSON.stringify(view), deleted_by: deletedBy }).onConflict('id').merge();
}

/** The kept row as it can come back: a shared view whose owner has left since stays shared, ownerless; a personal one cannot. */
async function restorable(trx: Knex, view: TrashedView): Promise<TrashedView> {
  if (!view.created_by || (await trx('users').where({ id: view.created_by }).first('id'))) return view;
  if (!view.shared) throw cannotRestore();
  return { ...view, created_by: null };
}

function keyConflict(path: string, keys: Array<{ id: string; name: string }>, hint: string): AppError {
  const names = keys.map((k) => `“${k.name}”`).join(', ');
  const message = `This view is bound to the access key${keys.length > 1 ? 's' : ''} ${names}. ${hint}.`;
  return viewConflict(path, message);
}

const viewConflict = (path: string, message: string) => new AppError(409, 'already_exists', message, [{ path, message }]);

/**
 * A view keys or open stakeholder links read cannot take the Conflicts filter (docs/adr/0068):
 * they would read nothing. The 409 names them, to revoke or to keep the filter off.
 */
async function checkNotReadThroughCredentials(trx: Knex, viewId: string): Promise<void> {
  const keys = await boundKeys(trx, viewId);
  if (keys.length) throw keyConflict('query', keys, CONFLICTS_NOT_BINDABLE);
  const links = await whereOpen(trx('share_links AS l').where('l.view_id', viewId)).count<{ count: string }[]>('* AS count');
  const open = Number(links[0]?.count ?? 0);
  if (open) throw viewConflict('query', `This view is shared by ${open} stakeholder link${open > 1 ? 's' : ''}. ${CONFLICTS_NOT_BINDABLE}.`);
}

const cannotRestore = () => new AppError(404, 'not_found', 'This view can no longer be restored');
