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
  useRole,
} from '@floating-ui/react';
import { useContext, useState, type ReactNode } from 'react';
import { PortalRootContext } from '../provider/context';

/** A button opening a non-modal dialog beside it; Escape or a click outside closes it. */
export function Popover({ label, trigger, title, children, className = 'cad-link-button' }: {
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({
    nodeId, open, onOpenChange: setOpen, placement: 'bottom-start',
    middleware: [offset(4), flip(), shift({ padding: 8 })], whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: 'dialog' })]);
  const portalRoot = useContext(PortalRootContext);
  return (
    <FloatingNode id={nodeId}>
      <button type="button" ref={refs.setReference} className={className} aria-label={label} {...getReferenceProps()}>
        {trigger}
      </button>
      {open && (
        <FloatingPortal root={portalRoot}>
          <FloatingFocusManager context={context} modal={false}>
            <div ref={refs.setFloating} style={floatingStyles} className="cad-root cad-popover" aria-label={title} {...getFloatingProps()}>
              <p className="cad-popover__title">{title}</p>
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
