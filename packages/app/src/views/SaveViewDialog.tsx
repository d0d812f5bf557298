import { canShareViews, type SavedViewDashboard } from '@cadence/core';
import { useSavedViewActions, useSession } from '@cadence/widgets';
import type { ReactNode } from 'react';
import { VIEW_TOASTS } from './view-messages';
import { formErrorOf } from './view-rules';
import { ViewNameDialog } from './ViewNameDialog';

/** "Save view" (docs/adr/0032): the dashboard's current query string under a name, for the user or the team. */
export function SaveViewDialog({ open, onClose, dashboard, query, suggestedName }: {
  open: boolean;
  onClose: () => void;
  dashboard: SavedViewDashboard;
  /** The view: the address's query string, without `?`. */
  query: string;
  suggestedName: string;
}): ReactNode {
  const { principal } = useSession();
  const actions = useSavedViewActions();
  return (
    <ViewNameDialog
      open={open}
      onClose={onClose}
      title="Save view"
      description="Keep these filters and this tab in the side bar, one click away."
      submitLabel="Save"
      busyLabel="Saving…"
      initialName={suggestedName}
      showShare={canShareViews(principal)}
      onSubmit={({ name, shared }) =>
        actions.create({ name, dashboard, query, shared }, { success: VIEW_TOASTS.saved, failure: (e) => (formErrorOf(e) ? null : VIEW_TOASTS.saveError) })}
    />
  );
}
