import { FloatingFocusManager, FloatingNode, useDismiss, useFloating, useFloatingNodeId, useInteractions, useRole } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { LayerPortal, LayerTree, beside, useShadowOutsidePress } from './layer';

export interface PopoverLayerProps {
  id: string;
  /** The button, rendered by `Popover`: the popover is placed below it and gives focus back to it. */
  reference: HTMLElement;
  title: string;
  children: ReactNode;
  onClose: () => void;
}

/** An open non-modal popover: Escape, Tab away or a click outside closes it. */
export function PopoverLayer(props: PopoverLayerProps): ReactNode {
  return (
    <LayerTree>
      <PopoverBody {...props} />
    </LayerTree>
  );
}

function PopoverBody({ id, reference, title, children, onClose }: PopoverLayerProps): ReactNode {
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({
    nodeId,
    open: true,
    onOpenChange: (open) => !open && onClose(),
    elements: { reference },
    ...beside('bottom-start'),
  });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePress: useShadowOutsidePress(context, nodeId) }),
    useRole(context, { role: 'dialog' }),
  ]);
  return (
    <FloatingNode id={nodeId}>
      {/* Tab order as in the page: Tab or Shift+Tab out of the popover moves on from where it is
          portalled, and closes it. (No focus guards: Floating UI keeps them where `inert` is missing.) */}
      <LayerPortal preserveTabOrder={false}>
        <FloatingFocusManager context={context} modal={false} guards={false}>
          <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-popover" aria-label={title} {...getFloatingProps({ id })}>
            <p className="cad-popover__title">{title}</p>
            {children}
          </div>
        </FloatingFocusManager>
      </LayerPortal>
    </FloatingNode>
  );
}
