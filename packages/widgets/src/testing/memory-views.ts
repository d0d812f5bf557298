import {
  CadenceApiError,
  campaignMatchesFilter,
  can,
  parseDashboardView,
  savedViewCreateSchema,
  savedViewUpdateSchema,
  type CadenceClient,
  type Campaign,
  type Principal,
  type SavedView,
} from '@cadence/core';
import { checkVersion, forbidden, memoryId, notFound, parse, type Run } from './memory-crud';

export interface ViewsContext {
  run: Run;
  now: () => string;
  principal: Principal;
  /** The e-mail of a user id, for `created_by_email` (null once the user is gone). */
  emailOf: (userId: string) => string | null;
  /** The campaigns the caller may read: a count never reveals the others. */
  readable: () => Campaign[];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a view shows, in campaigns: its filters, and on a channel's dashboard that channel. */
function viewFilter(view: Pick<SavedView, 'dashboard' | 'query'>) {
  const channel = view.dashboard === 'global' ? undefined : view.dashboard;
  const { filter } = parseDashboardView(view.query, channel ? { channel } : {}).view;
  return channel ? { ...filter, channel: [channel] } : filter;
}

/**
 * Saved views as the server keeps them (issue 20): each user's own, plus the shared ones of
 * everyone for the dashboards the caller may read. Sharing needs create rights (or admin);
 * a shared view is changed by its owner or an admin, a personal one only by its owner.
 */
export function memoryViews(rows: SavedView[], o: ViewsContext): CadenceClient['views'] {
  const { principal } = o;
  const admin = principal.role === 'admin';
  const mayShare = () => can(principal, 'create', 'campaign');
  const visible = (v: SavedView) =>
    v.created_by === principal.userId ||
    (v.shared && can(principal, 'read', 'dashboard', v.dashboard === 'global' ? {} : { channel: v.dashboard }));
  const mayChange = (v: SavedView) => !principal.readOnly && (v.created_by === principal.userId || (v.shared && admin));
  const find = (id: string) => {
    const row = rows.find((v) => v.id === id);
    if (!row || !visible(row)) throw notFound();
    return row;
  };
  const out = (v: SavedView) => structuredClone({ ...v, created_by_email: o.emailOf(v.created_by) });
  const refuseDuplicate = (name: string, except?: string) => {
    if (rows.some((v) => v.id !== except && v.created_by === principal.userId && sameName(v.name, name))) {
      throw new CadenceApiError(409, 'already_exists', 'You already have a view with this name', [
        { path: 'name', message: 'You already have a view with this name' },
      ]);
    }
  };
  return {
    list: () =>
      o.run('views.list', () => rows.filter(visible).sort((a, b) => a.name.localeCompare(b.name)).map(out)),
    get: (id) => o.run('views.get', () => out(find(id)), [id]),
    create: (body) =>
      o.run('views.create', () => {
        const data = parse(savedViewCreateSchema, body);
        if (principal.readOnly || (data.shared && !mayShare())) throw forbidden();
        refuseDuplicate(data.name);
        const stamp = o.now();
        const row: SavedView = {
          ...data, id: memoryId(), created_by: principal.userId, created_by_email: null,
          created_at: stamp, updated_at: stamp, version: 1,
        };
        rows.push(row);
        return out(row);
      }, [body]),
    update: (id, patch, options) =>
      o.run('views.update', () => {
        const data = parse(savedViewUpdateSchema, patch);
        const row = find(id);
        if (!mayChange(row) || (data.shared && !row.shared && !mayShare())) throw forbidden();
        checkVersion(row, options?.version);
        if (data.name !== undefined) refuseDuplicate(data.name, row.id);
        Object.assign(row, data, { version: row.version + 1, updated_at: o.now() });
        return out(row);
      }, [id, patch, options]),
    remove: (id, options) =>
      o.run('views.remove', () => {
        const row = find(id);
        if (!mayChange(row)) throw forbidden();
        checkVersion(row, options?.version);
        rows.splice(rows.indexOf(row), 1);
      }, [id, options]),
    counts: () =>
      o.run('views.counts', () => {
        const campaigns = o.readable();
        const counts: Record<string, number> = {};
        for (const view of rows.filter(visible)) {
          const filter = viewFilter(view);
          counts[view.id] = campaigns.filter((c) => campaignMatchesFilter(c, filter)).length;
        }
        return { counts };
      }),
  };
}
