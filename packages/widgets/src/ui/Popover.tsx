import { FloatingFocusManager, FloatingNode, useClick, useDismiss, useFloating, useFloatingNodeId, useInteractions, useRole } from '@floating-ui/react';
import { useState, type ReactNode } from 'react';
import { LayerPortal, LayerTree, beside, useShadowOutsidePress } from './layer';

interface PopoverProps {
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A button opening a non-modal dialog beside it; Escape, Tab away or a click outside closes it. */
export function Popover(props: PopoverProps): ReactNode {
  return (
    <LayerTree>
      <PopoverButton {...props} />
    </LayerTree>
  );
}

function PopoverButton({ label, trigger, title, children, className = 'cad-link-button' }: PopoverProps): ReactNode {
  const [open, setOpen] = useState(false);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({ nodeId, open, onOpenChange: setOpen, ...beside('bottom-start') });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context, { outsidePress: useShadowOutsidePress(context, nodeId) }),
    useRole(context, { role: 'dialog' }),
  ]);
  return (
    <FloatingNode id={nodeId}>
      <button type="button" ref={refs.setReference} className={className} aria-label={label} {...getReferenceProps()}>
        {trigger}
      </button>
      {open && (
        // Tab order as in the page: Tab or Shift+Tab out of the popover moves on from where it is
        // portalled, and closes it. (No focus guards: Floating UI keeps them where `inert` is missing.)
        <LayerPortal preserveTabOrder={false}>
          <FloatingFocusManager context={context} modal={false} guards={false}>
            <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-popover" aria-label={title} {...getFloatingProps()}>
              <p className="cad-popover__title">{title}</p>
              {children}
            </div>
          </FloatingFocusManager>
        </LayerPortal>
      )}
    </FloatingNode>
  );
}
