import {
  FloatingFocusManager,
  FloatingNode,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { LayerPortal, LayerTree, beside, useShadowOutsidePress } from './layer';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

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
 * Enter picks, Escape, Tab or a press outside close it.
 */
export function Menu(props: MenuProps): ReactNode {
  return (
    <LayerTree>
      <MenuButton {...props} />
    </LayerTree>
  );
}

function MenuButton({ label, items, triggerClassName = 'cad-icon-button', icon = '⋯' }: MenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({ nodeId, open, onOpenChange: setOpen, ...beside('bottom-end') });
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<string[]>([]);
  labelsRef.current = items.map((item) => item.label);
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context, { outsidePress: useShadowOutsidePress(context, nodeId) }),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef, activeIndex: active, onNavigate: setActive, loop: true, focusItemOnOpen: true }),
    // Open only: on the trigger, letters typed just before Escape would swallow a Space.
    useTypeahead(context, { enabled: open, listRef: labelsRef, activeIndex: active, onMatch: setActive }),
  ]);
  return (
    <FloatingNode id={nodeId}>
      {/* `role`: useRole takes a menu inside any other layer (the day dialog) for a submenu, whose trigger is a menuitem. */}
      <button type="button" ref={refs.setReference} className={triggerClassName} aria-label={label} {...getReferenceProps({ role: undefined })}>
        {icon}
      </button>
      {open && (
        <LayerPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-menu" aria-label={label} {...getFloatingProps()}>
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
                    onClick: () => {
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
        </LayerPortal>
      )}
    </FloatingNode>
  );
}
