import { FloatingFocusManager, FloatingNode, useDismiss, useFloating, useFloatingNodeId, useInteractions, useListNavigation, useRole, useTypeahead } from '@floating-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import type { MenuItem } from '../layer-types';
import { LayerPortal, LayerTree, beside, useShadowOutsidePress } from './layer';

export interface MenuLayerProps {
  id: string;
  /** The menu button, rendered by `Menu`: the menu is placed below it and gives focus back to it. */
  reference: HTMLElement;
  label: string;
  items: MenuItem[];
  /** Which item has focus first: the first (a click, Arrow Down) or the last (Arrow Up). */
  start: 'first' | 'last';
  onClose: () => void;
}

/** An open menu: arrow keys (wrapping), Home, End and typing move, Enter picks, Escape, Tab or a press outside close it. */
export function MenuLayer(props: MenuLayerProps): ReactNode {
  return (
    <LayerTree>
      <MenuBody {...props} />
    </LayerTree>
  );
}

function MenuBody({ id, reference, label, items, start, onClose }: MenuLayerProps): ReactNode {
  const [active, setActive] = useState<number | null>(start === 'last' ? items.length - 1 : 0);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({
    nodeId,
    open: true,
    onOpenChange: (open) => !open && onClose(),
    elements: { reference },
    ...beside('bottom-end'),
  });
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<string[]>([]);
  labelsRef.current = items.map((item) => item.label);
  const { getFloatingProps, getItemProps } = useInteractions([
    useDismiss(context, { outsidePress: useShadowOutsidePress(context, nodeId) }),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef, activeIndex: active, onNavigate: setActive, loop: true }),
    useTypeahead(context, { listRef: labelsRef, activeIndex: active, onMatch: setActive }),
  ]);
  return (
    <FloatingNode id={nodeId}>
      <LayerPortal>
        {/* The active item is the one tabbable element: it takes focus. */}
        <FloatingFocusManager context={context} modal={false} initialFocus={0}>
          <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-menu" aria-label={label} {...getFloatingProps({ id })}>
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
                    onClose();
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
    </FloatingNode>
  );
}
