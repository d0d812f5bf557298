import { Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { preloadLayerProps, WithLayers } from './floating-load';
import type { MenuItem } from './layer-types';

export type { MenuItem } from './layer-types';


interface MenuProps {
  label: string;
  items: MenuItem[];
  /** The trigger's look outside a widget (the app's side bar styles its own). */
  triggerClassName?: string;
  icon?: ReactNode;
}

/**
 * A button opening a menu (WAI-ARIA menu button): focus goes to the first item (the last with
 * Arrow Up on the button), arrow keys (wrapping), Home, End and typing the start of a label move,
 * Enter picks, Escape, Tab or a press outside close it. The button is ours; the open menu is
 * Floating UI's, loaded on the button's first hover, focus or press (floating-load.ts).
 */
export function Menu({ label, items, triggerClassName = 'cad-icon-button', icon = '⋯' }: MenuProps): ReactNode {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    setOpen(e.key === 'ArrowUp' ? 'last' : 'first');
  };
  return (
    <>
      <button
        type="button"
        ref={setButton}
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => (o ? null : 'first'))}
        onKeyDown={onKeyDown}
        {...preloadLayerProps}
      >
        {icon}
      </button>
      {open && button && (
        <Suspense fallback={null}>
          <WithLayers>
            {({ MenuLayer }) => <MenuLayer id={id} reference={button} label={label} items={items} start={open} onClose={() => setOpen(null)} />}
          </WithLayers>
        </Suspense>
      )}
    </>
  );
}
