import { useCallback, useState } from 'react';

const PREFIX = 'cadence:';

/**
 * A small view choice this browser keeps between visits (the load strip's switch and its "count
 * by"): in localStorage, under `cadence:<key>`. Storage may be refused (a sandboxed frame, a
 * browser's privacy setting); then the choice lasts for this page only. A stored value that is
 * not among `allowed` (an older version's) is ignored.
 */
export function useRemembered<T extends string>(key: string, initial: T, allowed: readonly T[]): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = read(key);
    return stored !== undefined && (allowed as readonly string[]).includes(stored) ? (stored as T) : initial;
  });
  const remember = useCallback(
    (next: T) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  return [value, remember];
}

const ON_OFF = ['on', 'off'] as const;

/** useRemembered for a switch. */
export function useRememberedSwitch(key: string, initial = false): [boolean, (on: boolean) => void] {
  const [value, remember] = useRemembered(key, initial ? 'on' : 'off', ON_OFF);
  const set = useCallback((on: boolean) => remember(on ? 'on' : 'off'), [remember]);
  return [value === 'on', set];
}

function read(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, value);
  } catch {
    // Refused storage: the choice still holds for this page.
  }
}
