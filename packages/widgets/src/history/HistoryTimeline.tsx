import { CadenceApiError, HISTORY_POLICY, TOPIC_REFRESHES, can, formatTimestamp, relativeTime, type HistoryEntry } from '@cadence/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { errorMessage } from '../provider/resources';
import { useSession } from '../provider/session';
import historyCss from '../styles/history.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { EmptyState } from '../ui/bits';
import { actorName, describeAction, isRevertible, revertDescription } from './history-rules';
import { topicOf, useHistory, type HistorySource } from './use-history';

export interface HistoryTimelineProps {
  /** One row's timeline (a dialog's History tab), or the whole log filtered (the Activity page). */
  source: HistorySource;
  /** The row as the dialog holds it: `can()` decides Revert on it, and its version goes in If-Match. */
  row?: (Record<string, unknown> & { version?: number }) | null;
  /** Name the kind of row in each sentence ("created a campaign “Launch”"), for the whole log. */
  withNoun?: boolean;
  /** Called with the row a revert wrote (null when it deleted one). */
  onReverted?: (row: Record<string, unknown> | null) => void;
}

/** Why a revert was refused, in the server's words (a 409 names the fields changed since). */
function revertFailure(error: unknown): string {
  if (error instanceof CadenceApiError && error.status === 412) return 'This record changed since you opened it. Close and reopen it, then try again.';
  return errorMessage(error) ?? 'Could not revert this change.';
}

/**
 * The activity log as a list, newest first: one sentence per entry with who and when, Revert
 * where the user may update the row, and older entries on demand or as the end scrolls in.
 */
export function HistoryTimeline({ source, row, withNoun = false, onReverted }: HistoryTimelineProps): ReactNode {
  const { client, store, toast, now } = useCadence();
  const { principal } = useSession();
  const q = useHistory(source);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ id: string; message: string } | null>(null);
  const descId = useId();
  const end = useRef<HTMLDivElement | null>(null);
  const hasMore = !!q.data?.next_cursor;
  const { loadOlder, loadingOlder, olderError } = q;

  // Older pages load as the end of the list scrolls into view; the button stays for keyboards.
  useEffect(() => {
    const el = end.current;
    if (!el || !hasMore || olderError || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void loadOlder();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, olderError, loadOlder, q.data]);

  const mayRevert = (e: HistoryEntry): boolean => {
    if (!isRevertible(e)) return false;
    const policy = HISTORY_POLICY[e.resource];
    if (!policy) return false;
    const target = row && 'resource' in source ? row : e.row ?? undefined;
    return can(principal, e.action === 'delete' ? 'create' : 'update', policy, target);
  };

  const revert = async (e: HistoryEntry) => {
    setBusy(e.id);
    setRefusal(null);
    try {
      const own = row && 'resource' in source && typeof row.version === 'number' ? { version: row.version } : {};
      const result = await client.history.revert(e.id, own);
      const topic = topicOf(e.resource);
      for (const refresh of topic ? TOPIC_REFRESHES[topic] : []) refresh.kinds.forEach((kind) => store.invalidate(kind));
      store.invalidate('history');
      toast({ title: 'Change reverted' });
      onReverted?.(result.row);
    } catch (error) {
      const message = revertFailure(error);
      setRefusal({ id: e.id, message });
      toast({ title: 'Could not revert', description: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (q.status === 'loading') body = <p className="cad-hint" role="status">Loading history…</p>;
  else if (q.status === 'error' && !q.data) {
    body = (
      <div className="cad-empty" role="alert">
        <p className="cad-empty__title">Could not load the history.</p>
        <button type="button" className="cad-button" onClick={q.refetch}>Try again</button>
      </div>
    );
  } else if (!q.data?.entries.length) body = <EmptyState title="No changes recorded yet" />;
  else {
    const at = now();
    body = (
      <ul className="cad-history__list" aria-label="Changes, newest first">
        {q.data.entries.map((e) => (
          <li key={e.id} className="cad-history__item">
            <p className="cad-history__text">
              <span className="cad-history__actor">{actorName(e)}</span> {describeAction(e, withNoun)},{' '}
              <time dateTime={e.at} title={formatTimestamp(e.at)}>{relativeTime(e.at, at)}</time>
              {refusal?.id === e.id && <span className="cad-history__error" role="alert"> {refusal.message}</span>}
            </p>
            {mayRevert(e) && (
              <>
                <span id={`${descId}-${e.id}`} hidden>{revertDescription(e)}</span>
                <button
                  type="button"
                  className="cad-button cad-button--small"
                  aria-describedby={`${descId}-${e.id}`}
                  disabled={busy !== null}
                  onClick={() => void revert(e)}
                >
                  {busy === e.id ? 'Reverting…' : 'Revert'}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="cad-history">
      <WidgetStyles css={historyCss} />
      {body}
      {hasMore && (
        <div ref={end} className="cad-history__more">
          <button type="button" className="cad-button cad-button--small" disabled={loadingOlder} onClick={() => void loadOlder()}>
            {loadingOlder ? 'Loading…' : 'Load older'}
          </button>
          {olderError && <p className="cad-history__error" role="alert">Could not load older changes.</p>}
        </div>
      )}
    </div>
  );
}
