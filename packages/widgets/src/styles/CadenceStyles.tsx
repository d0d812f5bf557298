import type { ReactNode } from 'react';
import cadenceCss from './cadence.css?inline';

/** The widgets' stylesheet as a string, for a Shadow DOM or your own `<style>`. */
export const cadenceStyles: string = cadenceCss;

/** React 19 hoists this once into the document head, however many widgets render it. */
export function CadenceStyles(): ReactNode {
  return (
    <style href="cadence-widgets" precedence="cadence">
      {cadenceCss}
    </style>
  );
}
