import {
  FloatingFocusManager,
  FloatingNode,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useContext, useId, type ReactNode, type RefObject } from 'react';
import { PortalRootContext } from '../provider/context';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content beside the title (badges). */
  headerExtra?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  initialFocus?: number | RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/** A modal dialog: focus is trapped, Escape and a click outside close it. */
export function Dialog({ open, onOpenChange, title, description, headerExtra, role = 'dialog', size = 'md', initialFocus, children }: DialogProps): ReactNode {
  const nodeId = useFloatingNodeId();
  const { refs, context } = useFloating({ open, onOpenChange, nodeId });
  const dismiss = useDismiss(context, { outsidePressEvent: 'mousedown', outsidePress: role !== 'alertdialog' });
  const { getFloatingProps } = useInteractions([dismiss, useRole(context, { role })]);
  const portalRoot = useContext(PortalRootContext);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <FloatingNode id={nodeId}>
      {open && (
        <FloatingPortal root={portalRoot}>
          <FloatingOverlay className="cad-root cad-overlay" lockScroll>
            <FloatingFocusManager context={context} {...(initialFocus !== undefined ? { initialFocus } : {})}>
              <div
                ref={refs.setFloating}
                className={`cad-dialog cad-dialog--${size}`}
                aria-labelledby={titleId}
                aria-describedby={description ? descriptionId : undefined}
                {...getFloatingProps()}
              >
                <div className="cad-dialog__header">
                  <div className="cad-dialog__heading">
                    <h2 id={titleId} className="cad-dialog__title">{title}</h2>
                    {headerExtra}
                  </div>
                  {description && <p id={descriptionId} className="cad-dialog__description">{description}</p>}
                </div>
                {children}
                {role === 'dialog' && (
                  <button type="button" className="cad-icon-button cad-dialog__close" aria-label="Close" onClick={() => onOpenChange(false)}>
                    ×
                  </button>
                )}
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
