import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import type { MoveController } from './use-move';

/**
 * The second confirmation a move needs when it breaks a planning rule that only warns
 * (docs/adr/0065): the rule's words, "Move anyway" saves, Cancel leaves the campaign where it was.
 */
export function MoveAnywayDialog({ mover }: { mover: MoveController }): ReactNode {
  const pending = mover.pending;
  return (
    <Dialog
      open={!!pending}
      onOpenChange={(open) => !open && mover.dismissPending()}
      role="alertdialog"
      size="sm"
      title={pending ? `Move "${pending.move.campaign.title}" anyway?` : 'Move anyway?'}
      description={pending?.text ?? ''}
    >
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => mover.dismissPending()}>
          Cancel
        </button>
        <button type="button" className="cad-button cad-button--primary" onClick={() => mover.confirmPending()}>
          Move anyway
        </button>
      </div>
    </Dialog>
  );
}
