import type { ReactNode } from 'react';

/** A dialog form's Cancel and submit buttons; the submit waits while saving (and while `blocked`). */
export function FormActions({ onCancel, saving, blocked = false, children }: {
  onCancel: () => void;
  saving: boolean;
  blocked?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}): ReactNode {
  return (
    <div className="cad-dialog__footer">
      <button type="button" className="cad-button" onClick={onCancel}>Cancel</button>
      <button type="submit" className="cad-button cad-button--primary" disabled={saving || blocked} aria-busy={saving}>{children}</button>
    </div>
  );
}
