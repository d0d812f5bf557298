import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The layout whose Print button started the printout under way, from the press until
 * `afterprint` (a print preview may lay the page out again, with `beforeprint` again). A page
 * that embeds two widgets prints only the one whose button was pressed; Ctrl+P prints all.
 */
let printedByButton: symbol | null = null;

/** A module loaded on demand whose value, once loaded, can be read synchronously. */
export interface Preloadable<T> {
  /** The value, or undefined while it has not loaded. */
  get(): T | undefined;
  /** Loads it once (again after a failure). */
  load(): Promise<T>;
}

export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => value,
    load: () =>
      (pending ??= load().then(
        (v) => (value = v),
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      )),
  };
}

export interface PrintLayout {
  /** The print layout is mounted: this widget is on the paper. */
  printing: boolean;
  /** The screen panel is left off the paper: replaced by the layout, or another widget's Print. */
  panelOffPaper: boolean;
  print: () => void;
}

/**
 * Whether the print layout is mounted (docs/adr/0033). The screen's chart is virtualized and cuts
 * titles, so a printout draws its own layout: mounted by the Print button, and by the browser's
 * `beforeprint` (Ctrl+P, the menu) synchronously, since the browser lays the page out for print
 * right after its handlers return; unmounted after `afterprint`.
 *
 * The layout's code is not part of the widget's first paint (docs/adr/0067): it loads as soon as
 * the widget mounts, beside the widget's data, so `beforeprint` finds it; a press of Print before
 * then waits for it. A `beforeprint` before it has loaded prints the screen as it is.
 */
export function usePrintLayout(layout: Preloadable<unknown>): PrintLayout {
  const [id] = useState(() => Symbol('print layout'));
  const [mode, setMode] = useState<'screen' | 'print' | 'aside'>('screen');
  // Fetched once the widget has mounted, beside its data, not after it: Ctrl+P comes without warning.
  useEffect(() => void layout.load().catch(() => {}), [layout]);
  useEffect(() => {
    const before = () => {
      if (layout.get() === undefined) return;
      flushSync(() => setMode(printedByButton === null || printedByButton === id ? 'print' : 'aside'));
    };
    const after = () => {
      setMode('screen');
      if (printedByButton === id) printedByButton = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      if (printedByButton === id) printedByButton = null;
    };
  }, [id, layout]);
  const print = useCallback(() => {
    const go = () => {
      flushSync(() => setMode('print'));
      printedByButton = id;
      window.print();
    };
    if (layout.get() !== undefined) go();
    else layout.load().then(go, () => {});
  }, [id, layout]);
  return { printing: mode === 'print', panelOffPaper: mode !== 'screen', print };
}
