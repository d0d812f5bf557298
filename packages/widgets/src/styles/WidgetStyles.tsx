import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether widgets add their own stylesheet part. The provider's `injectStyles` sets it: a host
 * that links `@cadence/widgets/styles.css` (everything) turns it off, and an embedded element
 * turns it back on under the base sheet it puts in its shadow root.
 */
export const PartStylesContext = createContext(true);

/**
 * A widget's own rules (the calendar's grid, the Gantt's bars…), rendered with the widget so an
 * entry or a script that holds one widget carries only that widget's rules (ADR 31). A plain
 * `<style>` beside the widget (no `href`/`precedence`, so React 19 renders it in place rather
 * than hoisting it to the document's head) works the same in a document and in a shadow root;
 * two widgets of a kind on a page repeat a few kilobytes, which is harmless.
 */
export function WidgetStyles({ css }: { css: string }): ReactNode {
  return useContext(PartStylesContext) ? <style>{css}</style> : null;
}
