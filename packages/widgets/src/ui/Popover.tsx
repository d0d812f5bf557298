import { useId, useRef, useState, type ReactNode } from 'react';
import { FLOATING_STYLE, Portal, useLayer, usePlacement } from './layer';

/** A button opening a non-modal dialog beside it; Escape, Tab away or a click outside closes it. */
export function Popover({ label, trigger, title, children, className = 'cad-link-button' }: {
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const reference = useRef<HTMLButtonElement>(null);
  const layer = useLayer(open, { onClose: () => setOpen(false), reference });
  usePlacement(open, reference, layer.element, 'start');
  const id = useId();
  return (
    <>
      <button
        type="button"
        ref={reference}
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && (
        <Portal>
          <div ref={layer.ref} id={id} role="dialog" tabIndex={-1} style={FLOATING_STYLE} className="cad-root cad-popover" aria-label={title}>
            <p className="cad-popover__title">{title}</p>
            {children}
          </div>
        </Portal>
      )}
    </>
  );
}
