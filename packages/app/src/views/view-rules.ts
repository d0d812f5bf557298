import { CadenceApiError, savedViewHref, type SavedView } from '@cadence/core';

// Who may share, rename or delete is core's (canShareViews, canEditView). The side bar's rules: it is in the app's first script, so the name suggestion (channel and
// status labels) lives apart in view-name.ts, with the dashboard that uses it.

/** Whether the address is the view: same page, same query. */
export function isActiveView(view: Pick<SavedView, 'dashboard' | 'query'>, pathname: string, search: string): boolean {
  return savedViewHref(view) === `${pathname}${search === '?' ? '' : search}`;
}

/** Personal views first, then the shared ones of the team (the caller's own shared ones among them), each by name. */
export function groupViews(views: readonly SavedView[], userId: string | null): { personal: SavedView[]; shared: SavedView[] } {
  const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return {
    personal: views.filter((v) => !v.shared && v.created_by === userId).sort(byName),
    shared: views.filter((v) => v.shared).sort(byName),
  };
}

/** A server answer that belongs on the form (a bad or taken name) rather than in a toast. */
export function formErrorOf(error: unknown): { name?: string; form?: string } | null {
  if (!(error instanceof CadenceApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const name = error.fieldMessage('name') ?? (error.status === 409 ? error.message : undefined);
  return name ? { name } : { form: error.details[0]?.message ?? error.message };
}

type FailureToast = { title: string; description: string; variant: 'destructive' };

/** A failure toast that passes on the server's reason when it is one of `told` (the user can act on it), else "try again". */
function failureToast(title: string, error: unknown, told: readonly number[]): FailureToast {
  const says = error instanceof CadenceApiError && told.includes(error.status);
  return { title, description: says ? error.message : 'Please try again.', variant: 'destructive' };
}

/**
 * Undo of a delete refused: a view of that name was saved meanwhile (409), or the day to undo
 * has passed (404).
 */
export const restoreFailure = (error: unknown): FailureToast => failureToast('Could not restore the view', error, [409, 404]);

/** The failure toast of a delete: a view bound to an access key is kept, and the server says which key. */
export const deleteFailure = (error: unknown): FailureToast => failureToast('Could not delete the view', error, [409]);
