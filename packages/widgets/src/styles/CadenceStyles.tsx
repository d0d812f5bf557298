import type { ReactNode } from 'react';
import baseCss from './base.css?inline';

/** The base stylesheet every widget needs; each widget adds its own part (WidgetStyles). */
export const baseStyles: string = baseCss;

/** React 19 hoists this once into the document head, however many widgets render it. */
export function CadenceStyles(): ReactNode {
  return (
    <style href="cadence-widgets" precedence="cadence">
      {baseCss}
    </style>
  );
}
