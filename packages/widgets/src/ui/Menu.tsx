import {
  FloatingFocusManager,
  FloatingNode,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useListNavigation,
} from '@floating-ui/react';
import { useContext, useRef, useState, type ReactNode } from 'react';
import { PortalRootContext } from '../provider/context';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A button opening a menu; arrow keys move, Enter picks, Escape closes. The roles are set by
 * hand: floating-ui's useRole would make the trigger a 'menuitem' inside a dialog's tree.
 */
export function Menu({ label, items }: { label: string; items: MenuItem[] }): ReactNode {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({
    nodeId,
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useListNavigation(context, { listRef, activeIndex: active, onNavigate: setActive, loop: true }),
  ]);
  const portalRoot = useContext(PortalRootContext);
  return (
    <FloatingNode id={nodeId}>
      <button type="button" ref={refs.setReference} className="cad-icon-button" aria-label={label}
        aria-haspopup="menu" aria-expanded={open} {...getReferenceProps()}>
        ⋯
      </button>
      {open && (
        <FloatingPortal root={portalRoot}>
          <FloatingFocusManager context={context} modal={false} initialFocus={0}>
            <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-menu" role="menu" aria-label={label} {...getFloatingProps()}>
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
                  {...getItemProps({
                    onClick() {
                      setOpen(false);
                      item.onSelect();
                    },
                  })}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
