import type { SavedView } from '@cadence/core';
import { Dialog } from '@cadence/widgets';
import type { ReactNode } from 'react';

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
      onOpenChange={(next) => !next && onClose()}
      size="sm"
      title="Delete view"
      description={view ? `Delete “${view.name}”?${view.shared ? ' It disappears from everyone’s side bar.' : ''} The campaigns it shows are not changed.` : ''}
    >
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={onClose}>Cancel</button>
        <button
          type="button"
          className="cad-button cad-button--danger"
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
