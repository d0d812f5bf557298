import { CadenceApiError, campaignMatchesFilter, can, savedViewFilter, todayYmd, type CadenceClient, type Campaign, type Principal, type SavedView } from '@cadence/core';
import { savedViewCreateSchema, savedViewUpdateSchema } from '@cadence/core/schemas';
import { checkVersion, forbidden, memoryId, notFound, parse, type Run } from './memory-crud';

export interface ViewsContext {
  run: Run;
  now: () => string;
  principal: Principal;
  /** The e-mail of a user id, for `created_by_email` (null once the user is gone). */
  emailOf: (userId: string | null) => string | null;
  /** The campaigns the caller may read: a count never reveals the others. */
  readable: () => Campaign[];
  /** The campaigns in any planning-rule conflict: a view keeps no window. */
  conflicted?: () => ReadonlySet<string>;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const refused = (path: string, message: string) => new CadenceApiError(400, 'validation_failed', message, [{ path, message }]);

/**
 * Saved views as the server keeps them (docs/adr/0032), with core's rules (`can(p, …, 'view', row)`):
 * each user's own, plus the shared ones for the dashboards the caller may read; names unique
 * among one's personal views and among the shared ones; a query the page would drop is a 400.
 */
export function memoryViews(rows: SavedView[], o: ViewsContext): CadenceClient['views'] {
  const { principal } = o;
  /** Deleted views, for Undo: who deleted each. */
  const trash = new Map<string, { row: SavedView; by: string | null }>();
  const visible = (v: SavedView) => can(principal, 'read', 'view', v);
  const mayChange = (v: SavedView) => can(principal, 'update', 'view', v);
  const find = (id: string) => {
    const row = rows.find((v) => v.id === id);
    if (!row || !visible(row)) throw notFound();
    return row;
  };
  const out = (v: SavedView) => structuredClone({ ...v, created_by_email: o.emailOf(v.created_by) });
  const check = (v: Pick<SavedView, 'name' | 'dashboard' | 'query' | 'shared' | 'created_by'>, except?: string) => {
    if (savedViewFilter(v.dashboard, v.query).dropped) throw refused('query', 'The view\'s link has parameters the page would drop');
    if (!can(principal, 'create', 'view', v)) throw forbidden();
    const taken = rows.some((r) => r.id !== except && r.shared === v.shared && (v.shared || r.created_by === v.created_by) && sameName(r.name, v.name));
    if (taken) {
      const message = `A view named “${v.name}” already exists`;
      throw new CadenceApiError(409, 'already_exists', message, [{ path: 'name', message }]);
    }
  };
  return {
    list: () =>
      o.run('views.list', () =>
        rows.filter(visible).sort((a, b) => Number(b.shared) - Number(a.shared) || a.name.localeCompare(b.name)).map(out)),
    get: (id) => o.run('views.get', () => out(find(id)), [id]),
    create: (body) =>
      o.run('views.create', () => {
        const data = parse(savedViewCreateSchema, body);
        const stamp = o.now();
        const row: SavedView = {
          ...data, id: memoryId(), created_by: principal.userId, created_by_email: null,
          created_at: stamp, updated_at: stamp, version: 1,
        };
        check(row);
        rows.push(row);
        return out(row);
      }, [body]),
    update: (id, patch, options) =>
      o.run('views.update', () => {
        const data = parse(savedViewUpdateSchema, patch);
        const row = find(id);
        if (!mayChange(row)) throw forbidden();
        checkVersion(row, options?.version);
        check({ ...row, ...data }, row.id);
        Object.assign(row, data, { version: row.version + 1, updated_at: o.now() });
        return out(row);
      }, [id, patch, options]),
    remove: (id, options) =>
      o.run('views.remove', () => {
        const row = find(id);
        if (!mayChange(row)) throw forbidden();
        checkVersion(row, options?.version);
        rows.splice(rows.indexOf(row), 1);
        trash.set(row.id, { row, by: principal.userId });
      }, [id, options]),
    restore: (id) =>
      o.run('views.restore', () => {
        const kept = trash.get(id);
        if (!kept || kept.by !== principal.userId) throw new CadenceApiError(404, 'not_found', 'This view can no longer be restored');
        check(kept.row);
        trash.delete(id);
        const row = { ...kept.row, version: kept.row.version + 1, updated_at: o.now() };
        rows.push(row);
        return out(row);
      }, [id]),
    counts: () =>
      o.run('views.counts', () => {
        const campaigns = o.readable();
        const conflicted = o.conflicted?.();
        const counts: Record<string, number> = {};
        for (const view of rows.filter(visible)) {
          const filter = savedViewFilter(view.dashboard, view.query).filter ?? { q: '\u0000' };
          counts[view.id] = campaigns.filter((c) => campaignMatchesFilter(c, filter, { me: o.principal.userId, today: todayYmd(new Date(o.now())), conflicted })).length;
        }
        return { counts };
      }),
  };
}
