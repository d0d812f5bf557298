import type { ReactNode } from 'react';
import { ICON_SIZE, Printer } from '../ui/icons';

/** The toolbar's Print button: icon and label, so it reads the same on a phone. */
export function PrintButton({ onPrint }: { onPrint: () => void }): ReactNode {
  return (
    <button type="button" className="cad-button cad-print-button" onClick={onPrint}>
      <Printer size={ICON_SIZE} aria-hidden="true" />
      Print
    </button>
  );
}
