import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FLOATING_STYLE, Portal, useLayer, usePlacement } from './layer';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A button opening a menu (WAI-ARIA menu button): focus goes to the first item, arrow keys,
 * Home and End move, Enter picks, Escape, Tab or a press outside close it.
 */
export function Menu({ label, items, triggerClassName = 'cad-icon-button', icon = '⋯' }: {
  label: string;
  items: MenuItem[];
  /** The trigger's look outside a widget (the app's side bar styles its own). */
  triggerClassName?: string;
  icon?: ReactNode;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const close = () => {
    setOpen(false);
    setActive(null);
  };
  const layer = useLayer(open, { onClose: close, reference: trigger });
  usePlacement(open, trigger, layer.element, 'end');
  const show = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const move = (index: number) => {
    const n = items.length;
    const next = ((index % n) + n) % n;
    setActive(next);
    listRef.current[next]?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const at = active ?? -1;
    const to = { ArrowDown: at + 1, ArrowUp: at < 0 ? items.length - 1 : at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  return (
    <>
      <button
        type="button"
        ref={trigger}
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (open ? close() : show(0))}
        onKeyDown={(e) => {
          if (open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
          e.preventDefault();
          show(e.key === 'ArrowDown' ? 0 : items.length - 1);
        }}
      >
        {icon}
      </button>
      {open && (
        <Portal>
          <div ref={layer.ref} style={FLOATING_STYLE} className="cad-root cad-menu" role="menu" aria-label={label} tabIndex={-1} onKeyDown={onMenuKey}>
            {items.map((item, i) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={active === i ? 0 : -1}
                className={`cad-menu__item${item.danger ? ' cad-menu__item--danger' : ''}`}
                ref={(el) => {
                  listRef.current[i] = el;
                }}
                onFocus={() => setActive(i)}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </Portal>
      )}
    </>
  );
}
