import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';

/** 'Ad Type Example': the image, or the spec's empty texts. */
export function ExampleDialog({ url, name, onClose }: { url: string | null | undefined; name: string; onClose: () => void }): ReactNode {
  return (
    <Dialog open={url !== undefined} onOpenChange={(o) => !o && onClose()} title="Ad Type Example">
      <div className="cad-dialog__body">
        {url ? <img className="cad-example" src={url} alt={`Example of ${name}`} /> : (
          <div className="cad-empty">
            <p className="cad-empty__title">No example available</p>
            <p className="cad-empty__text">There is no example image for this ad type.</p>
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** A confirmation with the spec's texts; `confirm` names the destructive button. */
export function ConfirmDialog({ open, title, text, confirm, onCancel, onConfirm }: {
  open: boolean; title: string; text: string; confirm: string; onCancel: () => void; onConfirm: () => void;
}): ReactNode {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} role="alertdialog" size="sm" title={title} description={text}>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={onCancel}>Cancel</button>
        <button type="button" className="cad-button cad-button--danger" onClick={() => { onCancel(); onConfirm(); }}>{confirm}</button>
      </div>
    </Dialog>
  );
}
