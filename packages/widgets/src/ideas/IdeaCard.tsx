import { textOrNull, type Idea, type IdeaComment } from '@cadence/core';
import { useId, useState, type ReactNode } from 'react';
import { relativeTime } from './idea-rules';
import { ICON_SIZE, MessageSquare, Pencil, Trash2 } from '../ui/icons';

export interface IdeaCardProps {
  idea: Idea;
  comments: IdeaComment[];
  now: Date;
  canEdit: boolean;
  canComment: boolean;
  canConvert: boolean;
  canDeleteComment: (c: IdeaComment) => boolean;
  onEdit: () => void;
  onDelete: () => void;
  onConvert: () => void;
  onComment: (text: string) => Promise<unknown>;
  onDeleteComment: (c: IdeaComment) => void;
}

function CommentBox({ onPost, onCancel }: { onPost: (text: string) => Promise<unknown>; onCancel: () => void }): ReactNode {
  const [text, setText] = useState('');
  const id = useId();
  const post = async () => {
    const t = textOrNull(text);
    if (!t) return;
    try {
      await onPost(t);
      setText('');
    } catch {
      // The toast said so; the text stays for another try.
    }
  };
  return (
    <div className="cad-comment-box">
      <label htmlFor={id} className="cad-sr-only">Add Comment</label>
      <textarea id={id} className="cad-input" rows={2} placeholder="Share your thoughts on this idea..." value={text} onChange={(e) => setText(e.target.value)} />
      <div className="cad-inline">
        <button type="button" className="cad-button cad-button--primary cad-button--small" disabled={!text.trim()} onClick={() => void post()}>Post Comment</button>
        <button type="button" className="cad-button cad-button--small" onClick={() => { setText(''); onCancel(); }}>Cancel</button>
      </div>
    </div>
  );
}

/** One idea: text, relative time, actions and its comment thread. */
export function IdeaCard(p: IdeaCardProps): ReactNode {
  const [expanded, setExpanded] = useState(false);
  const threadId = useId();
  const n = p.comments.length;
  return (
    <article className="cad-card cad-idea" aria-label={p.idea.title}>
      <div className="cad-card__head">
        <h3 className="cad-card__title">{p.idea.title}</h3>
        {p.canEdit && (
          <span className="cad-inline">
            <button type="button" className="cad-icon-button" aria-label={`Edit ${p.idea.title}`} onClick={p.onEdit}><Pencil size={ICON_SIZE} aria-hidden="true" /></button>
            <button type="button" className="cad-icon-button" aria-label={`Delete ${p.idea.title}`} onClick={p.onDelete}><Trash2 size={ICON_SIZE} aria-hidden="true" /></button>
          </span>
        )}
      </div>
      {p.idea.description && <p className="cad-card__description">{p.idea.description}</p>}
      <p className="cad-hint"><time dateTime={p.idea.created_at}>{relativeTime(p.idea.created_at, p.now)}</time></p>
      <div className="cad-inline">
        <button type="button" className="cad-button cad-button--small" aria-expanded={expanded} aria-controls={threadId}
          aria-label={`${n} comment${n === 1 ? '' : 's'} on ${p.idea.title}`} onClick={() => setExpanded((e) => !e)}>
          <MessageSquare size={ICON_SIZE} aria-hidden="true" /> {n}
        </button>
        {p.canConvert && <button type="button" className="cad-button cad-button--small" onClick={p.onConvert}>Convert to Campaign</button>}
      </div>
      {expanded && (
        <div id={threadId} className="cad-stack">
          {p.canComment && <CommentBox onPost={p.onComment} onCancel={() => setExpanded(false)} />}
          <ul className="cad-comments">
            {p.comments.map((c) => (
              <li key={c.id} className="cad-comment">
                <p>{c.comment}</p>
                <span className="cad-inline cad-hint">
                  <time dateTime={c.created_at}>{relativeTime(c.created_at, p.now)}</time>
                  {p.canDeleteComment(c) && (
                    <button type="button" className="cad-icon-button" aria-label="Delete comment" onClick={() => p.onDeleteComment(c)}><Trash2 size={ICON_SIZE} aria-hidden="true" /></button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
