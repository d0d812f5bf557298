import { useCallback, useState } from 'react';

/**
 * State a widget owns but a host may drive: it starts from `prop` (else `fallback`), follows
 * `prop` whenever the host changes it (a link, the browser's back button), and reports the user's
 * own changes through `onChange`. A host that passes a constant prop and no callback gets a widget
 * that keeps its own state, as embedded widgets do.
 */
export function useSyncedState<T>(prop: T | undefined, fallback: T, onChange?: (value: T) => void): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(prop ?? fallback);
  const [seen, setSeen] = useState<T | undefined>(prop);
  if (prop !== seen) {
    // Adjusting state while rendering (React's documented pattern): no extra frame shows the old value.
    setSeen(prop);
    setValue(prop ?? fallback);
  }
  const set = useCallback(
    (next: T) => {
      setValue(next);
      onChange?.(next);
    },
    [onChange],
  );
  return [value, set];
}
