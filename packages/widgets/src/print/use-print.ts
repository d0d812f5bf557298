import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The layout whose Print button started the printout under way, from the press until
 * `afterprint` (a print preview may lay the page out again, with `beforeprint` again). A page
 * that embeds two widgets prints only the one whose button was pressed; Ctrl+P prints all.
 */
let printedByButton: symbol | null = null;

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
 */
export function usePrintLayout(): PrintLayout {
  const [id] = useState(() => Symbol('print layout'));
  const [mode, setMode] = useState<'screen' | 'print' | 'aside'>('screen');
  useEffect(() => {
    const before = () => flushSync(() => setMode(printedByButton === null || printedByButton === id ? 'print' : 'aside'));
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
  }, [id]);
  const print = useCallback(() => {
    flushSync(() => setMode('print'));
    printedByButton = id;
    window.print();
  }, [id]);
  return { printing: mode === 'print', panelOffPaper: mode !== 'screen', print };
}
