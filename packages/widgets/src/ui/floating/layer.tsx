/**
 * What our dialogs, menus and popovers ("layers") add to Floating UI (docs/adr/0040). Floating UI
 * places them (`useFloating` with `autoUpdate`, `offset`, `flip`, `shift`), dismisses them
 * (`useDismiss`: Escape and a press outside, the topmost layer of a `FloatingTree` only), moves
 * focus in and back and traps it in a modal (`FloatingFocusManager`, which also hides the rest of
 * the page from assistive technology), locks the page's scroll behind a modal (`FloatingOverlay`)
 * and moves through menus (`useListNavigation`, `useTypeahead`). It reads events through
 * `composedPath()` and looks into shadow roots, so it works inside the custom elements' Shadow DOM
 * as in the page, but for one check of outside presses (`useShadowOutsidePress` below).
 *
 * Ours: the portal into the widget's own root (`PortalRootContext`: the widget's styles apply,
 * and an embed's layers stay inside its shadow root), one tree per top-level layer, where menus
 * and popovers go, and the outside press of a menu or popover inside a shadow root.
 */
import {
  FloatingPortal,
  FloatingTree,
  autoUpdate,
  flip,
  offset,
  shift,
  useFloatingTree,
  type FloatingContext,
  type FloatingTreeType,
  type UseFloatingOptions,
} from '@floating-ui/react';
import { useContext, type ReactNode } from 'react';
import { PortalRootContext } from '../../provider/context';

/**
 * Renders a layer into the nearest widget root, or the body outside any widget; nothing while the
 * widget's root element is not mounted yet (the next render has it). `preserveTabOrder`: Tab out of
 * the layer goes on from its trigger (a menu), rather than from the end of the widget (a popover).
 */
export function LayerPortal({ children, preserveTabOrder = true }: { children: ReactNode; preserveTabOrder?: boolean }): ReactNode {
  const root = useContext(PortalRootContext);
  return (
    <FloatingPortal root={root} preserveTabOrder={preserveTabOrder}>
      {children}
    </FloatingPortal>
  );
}

/**
 * Layers nest through Floating UI's tree (a menu in a dialog, a confirmation opened from it): a
 * layer inside another joins its tree, so Escape and a press outside close only the topmost; a
 * top-level one starts a tree of its own. The layer's hooks must run inside it, so a layer
 * component wraps its body in this.
 */
export function LayerTree({ children }: { children: ReactNode }): ReactNode {
  const tree = useFloatingTree();
  return tree ? children : <FloatingTree>{children}</FloatingTree>;
}

const BESIDE = [offset(4), flip({ padding: 8 }), shift({ padding: 8 })];

/**
 * A menu or popover below its trigger (start or end aligned, 4 px apart), above it when there is no
 * room below, kept 8 px inside the viewport; followed as the page, a scroll container or the
 * trigger moves. `fixed`, so no scroll container or overflow clips it.
 */
export function beside(placement: 'bottom-start' | 'bottom-end'): Pick<UseFloatingOptions, 'placement' | 'strategy' | 'middleware' | 'whileElementsMounted'> {
  return { placement, strategy: 'fixed', middleware: BESIDE, whileElementsMounted: autoUpdate };
}

/** The floating elements of the layers opened from `nodeId` (a menu's confirmation, a popover's menu). */
function descendants(tree: FloatingTreeType | null, nodeId: string | undefined): Array<HTMLElement | null | undefined> {
  if (!tree) return [];
  const nodes = tree.nodesRef.current;
  const below = (id: string | undefined): Array<HTMLElement | null | undefined> =>
    id ? nodes.filter((n) => n.parentId === id).flatMap((n) => [n.context?.elements.floating, ...below(n.id)]) : [];
  return below(nodeId);
}

/**
 * `useDismiss`'s `outsidePress` for a menu or popover. Floating UI (0.27) ignores a press whose
 * topmost ancestor below the body holds none of the elements its focus manager marked when the
 * layer opened (its guess at an element a browser extension injected since); it marks only the
 * page's own DOM, so a press elsewhere inside a widget's shadow root would not close the layer.
 * Inside a shadow root this decides by the event's composed path; anywhere else Floating UI does.
 */
export function useShadowOutsidePress({ elements, onOpenChange }: FloatingContext, nodeId: string | undefined): (event: MouseEvent) => boolean {
  const tree = useFloatingTree();
  return (event) => {
    const path = event.composedPath();
    const target = path[0];
    if (!(target instanceof Node) || !(target.getRootNode() instanceof ShadowRoot)) return true;
    const inside = [elements.floating, elements.domReference, ...descendants(tree, nodeId)];
    if (!inside.some((el) => el && path.includes(el))) onOpenChange(false, event, 'outside-press');
    return false;
  };
}
