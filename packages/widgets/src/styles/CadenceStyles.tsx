import type { ReactNode } from 'react';
import mainCss from './cadence.css?inline';
import filtersCss from './filters.css?inline';

// One sheet, as the package's styles.css (vite.config.ts joins the same files).
const cadenceCss = `${mainCss}\n${filtersCss}`;

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
