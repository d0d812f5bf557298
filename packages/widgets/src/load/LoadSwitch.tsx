import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { LoadStripProps } from './LoadStrip';

/**
 * The "Load" switch of the calendar and the Gantt (docs/adr/0062): off by default, so the plan
 * does not move down (docs/adr/0065). The strip's code loads the first time it is switched on.
 */
export function LoadSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }): ReactNode {
  const id = useId();
  return (
    <label className="cad-switch" htmlFor={id}>
      <input id={id} type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
      Load
    </label>
  );
}

const Strip = lazy(() => import('./LoadStrip'));

/** The load strip once switched on; nothing while its code loads (it is a line, not the plan). */
export function LazyLoadStrip(props: LoadStripProps): ReactNode {
  return (
    <Suspense fallback={null}>
      <Strip {...props} />
    </Suspense>
  );
}
