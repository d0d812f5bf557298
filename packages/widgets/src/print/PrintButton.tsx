import type { ReactNode } from 'react';
import { ICON_SIZE, Printer } from '../ui/icons';

/**
 * The toolbar's Print button: a printer icon, named "Print" for assistive technology and on hover,
 * beside the range arrows. With a visible label the calendar's toolbar no longer fit one line in
 * a 1280 px window with the side bar open, and the month grid moved down a row.
 */
export function PrintButton({ onPrint, loading = false }: { onPrint: () => void; loading?: boolean }): ReactNode {
  // While the campaigns load the printout would hold none of them: it is drawn from what is loaded.
  return (
    <button type="button" className="cad-icon-button cad-print-button" aria-label="Print" title={loading ? 'Print (loading the campaigns…)' : 'Print'} disabled={loading} onClick={onPrint}>
      <Printer size={ICON_SIZE} aria-hidden="true" />
    </button>
  );
}
