import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';

export interface DeleteCampaignDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** The spec's confirmation, with the campaign title in double quotes. */
export function DeleteCampaignDialog({ title, open, onOpenChange, onConfirm }: DeleteCampaignDialogProps): ReactNode {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title="Delete Campaign"
      description={`Are you sure you want to delete "${title}"? This action cannot be undone.`}
    >
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="cad-button cad-button--danger"
          onClick={() => {
            onOpenChange(false);
            onConfirm();
          }}
        >
          Delete Campaign
        </button>
      </div>
    </Dialog>
  );
}
