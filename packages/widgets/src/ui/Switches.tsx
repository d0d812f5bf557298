import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where a view's switches (planning or live, its range) are drawn: in its own toolbar
 * (`undefined`), or in an element of the host's, such as the dashboard's line beside its tabs,
 * so the plan starts higher on the page (docs/adr/0065). `null`: the host's element is not there
 * yet, so they wait rather than showing in the toolbar for a frame.
 */
export type SwitchesHost = Element | null | undefined;

/** The switches in place, or carried into the host's element (a `.cad-root` of their own there, for the widget's styles). */
export function Switches({ into, children }: { into: SwitchesHost; children: ReactNode }): ReactNode {
  if (into === undefined) return children;
  if (into === null) return null;
  return createPortal(<div className="cad-root cad-switches">{children}</div>, into);
}
