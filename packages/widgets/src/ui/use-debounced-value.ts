import { useEffect, useState } from 'react';

/** How long a search box waits after the last keystroke before it searches. */
export const SEARCH_DELAY_MS = 300;

/** `value` once it has stayed the same for `ms` (a search box's text, sent when the typing pauses). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
