import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the print layout is mounted (docs/adr/0033). The screen's chart is virtualized and cuts
 * titles, so a printout draws its own layout: mounted by the Print button, and by the browser's
 * `beforeprint` (Ctrl+P, the menu) synchronously, since the browser lays the page out for print
 * right after its handlers return; unmounted after `afterprint`.
 */
export function usePrintLayout(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = useCallback(() => {
    flushSync(() => setPrinting(true));
    window.print();
  }, []);
  return { printing, print };
}
