import { useState, type FormEvent } from 'react';

/**
 * A form's submit that is busy while its work runs, so the button can wait and a second submit
 * is ignored. `run` handles its own failures (the auth forms toast them); it returns nothing
 * when there is nothing to send, e.g. after a check failed.
 */
export function useBusySubmit(run: () => Promise<unknown> | undefined): { busy: boolean; onSubmit: (e: FormEvent) => void } {
  const [busy, setBusy] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const work = run();
    if (!work) return;
    setBusy(true);
    void work.finally(() => setBusy(false));
  };
  return { busy, onSubmit };
}
