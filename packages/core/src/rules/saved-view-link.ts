import type { Channel } from '../channels';

// Free of zod (like campaign-filter.ts): the app's side bar, on every page and before sign-in's
// bundle budget, needs these and not the schemas.

export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_QUERY_MAX = 2000;

/** The SPA path a view opens: its dashboard's path and its query. */
export function savedViewHref(view: { dashboard: 'global' | Channel; query: string }): string {
  const path = view.dashboard === 'global' ? '/' : `/channel/${view.dashboard}`;
  return view.query ? `${path}?${view.query}` : path;
}
