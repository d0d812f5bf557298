import { can, formatTimestamp, mentionedIds, relativeTime, type Campaign, type CampaignComment, type WatchState } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { COMMENT_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { useList } from '../provider/resources';
import { useSession } from '../provider/session';
import { useQuery } from '../provider/use-query';
import { EmptyState } from '../ui/bits';
import { commentsKey, mayEditComment, useCommentActions, watchKey } from './comment-actions';
import { CommentBody } from './CommentBody';
import { MentionComposer } from './MentionComposer';

const swallow = () => undefined;
const access = (c: Campaign) => ({ scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, created_by: c.created_by });

/** A comment shown at once while the server adds it. */
function placeholder(c: Campaign, body: string, userId: string | null, email: string | null, now: string): CampaignComment {
  return {
    id: `new-${Math.random().toString(36).slice(2)}`, version: 0, created_at: now, updated_at: now, created_by: userId, author_email: email,
    campaign_id: c.id, body, mention_ids: mentionedIds(body), mentions: [], edited_at: null,
    campaign: { id: c.id, title: c.title, status: c.status, scope: c.scope, primary_channel: c.primary_channel, channels: c.channels, live_date: c.live_date, created_by: c.created_by },
  };
}

const REASONS: Record<NonNullable<WatchState['reason']>, string> = {
  owner: 'you own or created it',
  assignee: 'you have a task on it',
  reviewer: 'you review its channel',
  mentioned: 'you were mentioned',
  explicit: 'you chose to',
};

/** Watch / Unwatch with how many watch; says why the user watches. */
function WatchToggle({ campaign, writable }: { campaign: Campaign; writable: boolean }): ReactNode {
  const { client } = useCadence();
  const q = useQuery<WatchState>(watchKey(campaign.id), () => client.campaignComments.watch(campaign.id));
  const actions = useCommentActions();
  const s = q.data;
  if (!s) return null;
  const watchers = `${s.count} ${s.count === 1 ? 'person watches' : 'people watch'}`;
  return (
    <div className="cad-watch">
      {writable ? (
        <button
          type="button"
          className="cad-button"
          aria-pressed={s.watching}
          onClick={() => void actions.setWatching(campaign.id, !s.watching, s).catch(swallow)}
        >
          {s.watching ? 'Unwatch' : 'Watch'}
        </button>
      ) : null}
      <span className="cad-hint">
        {watchers}
        {s.watching && s.reason ? ` · you watch it: ${REASONS[s.reason]}` : ''}
      </span>
    </div>
  );
}

function CommentItem({ comment: k, now, editable, onEdit, onDelete }: {
  comment: CampaignComment;
  now: Date;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const pending = k.version === 0;
  return (
    <li className="cad-comment" aria-busy={pending || undefined}>
      <p className="cad-comment__meta">
        <span className="cad-comment__author">{k.author_email ?? 'Former user'}</span>{' '}
        {pending ? <span>Sending…</span> : <time dateTime={k.created_at} title={formatTimestamp(k.created_at)}>{relativeTime(k.created_at, now)}</time>}
        {k.edited_at && (
          <>
            {' · '}
            <span className="cad-comment__edited" title={`Edited ${formatTimestamp(k.edited_at)}`}>edited</span>
          </>
        )}
      </p>
      <CommentBody body={k.body} people={k.mentions} />
      {editable && !pending && (
        <div className="cad-comment__actions">
          {confirming ? (
            <>
              <span>Delete this comment?</span>
              <button type="button" className="cad-button cad-button--danger" onClick={onDelete}>Delete</button>
              <button type="button" className="cad-button" onClick={() => setConfirming(false)} autoFocus>Keep it</button>
            </>
          ) : (
            <>
              <button type="button" className="cad-button cad-button--ghost" onClick={onEdit} aria-label={`Edit comment by ${k.author_email ?? 'a former user'}`}>Edit</button>
              <button type="button" className="cad-button cad-button--ghost" onClick={() => setConfirming(true)} aria-label={`Delete comment by ${k.author_email ?? 'a former user'}`}>Delete</button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The campaign dialog's Comments tab (docs/adr/0059): the thread oldest first, with the author,
 * when (exact on hover), an edited mark, edit and delete (with Undo) for the author and
 * administrators, a composer with @-mentions for whoever may comment, and Watch / Unwatch.
 */
export function CommentsPanel({ campaign }: { campaign: Campaign }): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const q = useList<CampaignComment>(commentsKey(campaign.id), (c) => c.campaignComments.list(campaign.id), COMMENT_TOASTS.loadError);
  const actions = useCommentActions();
  const [editing, setEditing] = useState<string | null>(null);
  const writable = can(session.principal, 'create', 'campaign_comment', { created_by: session.userId, campaign: access(campaign) });
  const readable = can(session.principal, 'read', 'campaign_comment', { created_by: null, campaign: access(campaign) });
  const at = now();
  // In the server's order (oldest first); a comment being sent is last.
  const comments = q.data ?? [];

  let body: ReactNode;
  if (q.status === 'loading') body = <p className="cad-hint" role="status">Loading comments…</p>;
  else if (q.status === 'error') {
    body = (
      <div className="cad-empty" role="alert">
        <p className="cad-empty__title">Failed to load comments.</p>
        <button type="button" className="cad-button" onClick={q.refetch}>Try again</button>
      </div>
    );
  } else if (comments.length === 0) {
    body = <EmptyState title="No comments yet" {...(writable ? { text: 'Start the conversation below.' } : {})} />;
  } else {
    body = (
      <ol className="cad-comments" aria-label="Comments">
        {comments.map((k) =>
          editing === k.id ? (
            <li key={k.id} className="cad-comment cad-comment--editing">
              <MentionComposer
                campaignId={campaign.id}
                initial={k.body}
                label="Edit comment"
                submitLabel="Save"
                onCancel={() => setEditing(null)}
                onSubmit={async (text) => {
                  if (text !== k.body) await actions.update(k, text);
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <CommentItem
              key={k.id}
              comment={k}
              now={at}
              editable={mayEditComment(session.principal, k)}
              onEdit={() => setEditing(k.id)}
              onDelete={() => void actions.remove(k).catch(swallow)}
            />
          ),
        )}
      </ol>
    );
  }
  return (
    <div className="cad-comments-panel">
      {readable && <WatchToggle campaign={campaign} writable={writable} />}
      {body}
      {writable && q.status === 'success' && (
        <MentionComposer
          campaignId={campaign.id}
          label="Add a comment"
          submitLabel="Comment"
          onSubmit={(text) => actions.create(campaign.id, text, placeholder(campaign, text, session.userId, session.email, at.toISOString()))}
        />
      )}
      {!writable && q.status === 'success' && <p className="cad-hint">You may read this campaign's comments but not add to them.</p>}
    </div>
  );
}
