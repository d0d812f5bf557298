import { useId, type ReactNode, type RefObject } from 'react';
import { Portal, useLayer } from './layer';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content beside the title (badges). */
  headerExtra?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  initialFocus?: number | RefObject<HTMLElement | null>;
  children?: ReactNode;
}

const OVERLAY_STYLE = { position: 'fixed', inset: 0, overflow: 'auto' } as const;

/** A modal dialog: focus is trapped, Escape and a click outside close it (an alertdialog: only its buttons and Escape). */
export function Dialog({ open, onOpenChange, title, description, headerExtra, role = 'dialog', size = 'md', initialFocus, children }: DialogProps): ReactNode {
  const layer = useLayer(open, {
    onClose: () => onOpenChange(false),
    modal: true,
    outsidePress: role !== 'alertdialog',
    pressEvent: 'mousedown',
    ...(initialFocus !== undefined ? { initialFocus } : {}),
  });
  const titleId = useId();
  const descriptionId = useId();
  if (!open) return null;
  return (
    <Portal>
      <div className="cad-root cad-overlay" style={OVERLAY_STYLE}>
        <div
          ref={layer.ref}
          role={role}
          aria-modal="true"
          tabIndex={-1}
          className={`cad-dialog cad-dialog--${size}`}
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
        >
          <div className="cad-dialog__header">
            <div className="cad-dialog__heading">
              <h2 id={titleId} className="cad-dialog__title">{title}</h2>
              {headerExtra}
            </div>
            {description && <p id={descriptionId} className="cad-dialog__description">{description}</p>}
          </div>
          {children}
          {role === 'dialog' && (
            <button type="button" className="cad-icon-button cad-dialog__close" aria-label="Close" onClick={() => onOpenChange(false)}>
              ×
            </button>
          )}
        </div>
      </div>
    </Portal>
  );
}
