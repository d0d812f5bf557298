import { Suspense, type ReactNode, type RefObject } from 'react';
import { WithLayers } from './floating-load';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content beside the title (badges). */
  headerExtra?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** What gets focus on open: the nth tabbable element inside (default 0, else the dialog itself), or this element. */
  initialFocus?: number | RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * A modal dialog: focus is trapped, Escape and a click outside close it (an alertdialog: only its
 * buttons and Escape). Its Floating UI code loads when a dialog first opens (floating-load.ts).
 */
export function Dialog(props: DialogProps): ReactNode {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <WithLayers>{({ DialogLayer }) => <DialogLayer {...props} />}</WithLayers>
    </Suspense>
  );
}
