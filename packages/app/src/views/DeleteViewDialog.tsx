import type { SavedView } from '@cadence/core';
import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';

/** Asks before a saved view goes; a shared one goes for the whole team. */
export function DeleteViewDialog({ open, view, onClose, onConfirm }: {
  open: boolean;
  view: SavedView | null;
  onClose: () => void;
  onConfirm: (view: SavedView) => void;
}): ReactNode {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete view"
      description={view ? `Delete “${view.name}”?${view.shared ? ' It disappears from everyone’s side bar.' : ''} The campaigns it shows are not changed.` : ''}
    >
      <div className="row row--end">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            if (view) onConfirm(view);
            onClose();
          }}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
