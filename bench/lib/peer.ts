/** What a peer's run left for the table: its result, or why it could not finish (or both). */
export interface SettledPeer<R> {
  result: R | null;
  /** Null when the peer finished; else the reason, as the table prints it. */
  unfinished: string | null;
}

/**
 * A baseline that, on a slow host, may never catch up with the load (the team suite's
 * refetch-on-change dashboards): one that throws, leaves writes unreflected after `convergeMs`,
 * or ends with caches that differ from the server is reported as unfinished, with whatever it
 * measured, instead of ending the suite; our own side's figures still stand.
 */
export async function settlePeer<R extends { latencies: ReadonlyArray<number | null>; verified: { checked: number; mismatches: readonly string[] } }>(
  run: () => Promise<R>,
  convergeMs: number,
): Promise<SettledPeer<R>> {
  let result: R;
  try {
    result = await run();
  } catch (err) {
    return { result: null, unfinished: `baseline did not finish: ${err instanceof Error ? err.message : String(err)}` };
  }
  const within = `${Math.round(convergeMs / 1000)} s`;
  const missed = result.latencies.filter((l) => l === null).length;
  if (missed) return { result, unfinished: `baseline did not converge in ${within} (${missed} of ${result.latencies.length} writes not reflected on every dashboard)` };
  const wrong = result.verified.mismatches.length;
  if (wrong) return { result, unfinished: `baseline did not converge in ${within} (${wrong} of ${result.verified.checked} cached queries differ from fresh answers)` };
  return { result, unfinished: null };
}
