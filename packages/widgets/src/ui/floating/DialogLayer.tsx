import { FloatingFocusManager, FloatingNode, FloatingOverlay, useDismiss, useFloating, useFloatingNodeId, useInteractions, useRole } from '@floating-ui/react';
import { useId, useRef, type ReactNode } from 'react';
import type { DialogProps } from '../layer-types';
import { LayerPortal, LayerTree } from './layer';

/** An open modal dialog (`Dialog` renders it while open): focus is trapped, Escape and a click outside close it. */
export function DialogLayer(props: DialogProps): ReactNode {
  return (
    <LayerTree>
      <DialogBody {...props} />
    </LayerTree>
  );
}

function DialogBody({ onOpenChange, title, description, headerExtra, role = 'dialog', size = 'md', initialFocus = 0, children }: DialogProps): ReactNode {
  const nodeId = useFloatingNodeId();
  const overlay = useRef<HTMLDivElement>(null);
  const { refs, context } = useFloating({ nodeId, open: true, onOpenChange });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, {
      // A press on the overlay, not in a layer opened above (a confirmation's overlay covers this
      // one's); `mousedown`, which a touch only sends for a tap, so a swipe does not close.
      outsidePress: role !== 'alertdialog' && ((e) => e.composedPath()[0] === overlay.current),
      outsidePressEvent: 'mousedown',
    }),
    useRole(context, { role }),
  ]);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <FloatingNode id={nodeId}>
      <LayerPortal>
        {/* A press on the overlay leaves focus where it is: in the topmost modal (then Escape, too,
            reaches that one first), not fallen to the body. */}
        <FloatingOverlay ref={overlay} lockScroll className="cad-root cad-overlay" onMouseDown={(e) => e.target === e.currentTarget && e.preventDefault()}>
          {/* Modal: Tab stays inside, the rest of the page is aria-hidden (live regions kept). */}
          <FloatingFocusManager context={context} modal initialFocus={initialFocus}>
            <div
              ref={refs.setFloating}
              aria-modal="true"
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
      </LayerPortal>
    </FloatingNode>
  );
}
