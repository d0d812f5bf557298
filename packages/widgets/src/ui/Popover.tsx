import { Suspense, useId, useState, type ReactNode } from 'react';
import { preloadLayerProps, WithLayers } from './floating-load';

interface PopoverProps {
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  title: string;
  /** The popover's content; a function gets a `close` for a button of its own (a phone's full-screen sheet has no outside to tap). */
  children: ReactNode | ((close: () => void) => ReactNode);
  className?: string;
}

/**
 * A button opening a non-modal dialog beside it; Escape, Tab away or a click outside closes it.
 * The open popover is Floating UI's, loaded on the button's first hover, focus or press.
 */
export function Popover({ label, trigger, title, children, className = 'cad-link-button' }: PopoverProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  return (
    <>
      <button
        type="button"
        ref={setButton}
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        {...preloadLayerProps}
      >
        {trigger}
      </button>
      {open && button && (
        <Suspense fallback={null}>
          <WithLayers>
            {({ PopoverLayer }) => (
              <PopoverLayer id={id} reference={button} title={title} onClose={() => setOpen(false)}>
                {typeof children === 'function' ? children(() => { setOpen(false); button.focus(); }) : children}
              </PopoverLayer>
            )}
          </WithLayers>
        </Suspense>
      )}
    </>
  );
}
