import { Suspense, type ReactNode } from 'react';
import type { DialogProps } from './layer-types';
import { WithLayers } from './floating-load';

export type { DialogProps } from './layer-types';


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
