import { lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';

/**
 * A dialog whose code loads when it first opens (docs/performance.md: the ad manager's forms are not part of
 * its first paint). Once loaded it stays mounted, so closing and reopening is instant.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P): ReactNode {
    const [used, setUsed] = useState(false);
    if (props.open && !used) setUsed(true);
    if (!props.open && !used) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}
