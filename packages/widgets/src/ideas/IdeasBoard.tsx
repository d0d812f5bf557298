import { LIMITS, can, type Campaign, type CampaignCreate, type Idea } from '@cadence/core';
import { useMemo, useState, type ReactNode } from 'react';
import { IDEA_TOASTS } from '../messages';
import { useCadence } from '../provider/context';
import { useComments, useIdeas } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { EmptyState, PageTitle } from '../ui/bits';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { IdeaCard } from './IdeaCard';
import { IdeaDialog } from './IdeaDialog';
import { campaignFromIdea, commentsByIdea, newestFirst } from './idea-rules';
import { ArrowLeft, ICON_SIZE } from '../ui/icons';
import { WidgetStyles } from '../styles/WidgetStyles';
import { lazyDialog } from '../ui/lazy-dialog';
import ideasCss from '../styles/ideas.css?inline';
import pagesCss from '../styles/pages.css?inline';

// The campaign form opens when an idea is converted, so it loads then (docs/adr/0067).
const CampaignDialogView = lazyDialog(() => import('../campaign-dialog/CampaignDialog').then((m) => m.CampaignDialogView));

export interface IdeasBoardProps extends PageWidgetProps {
  /** The back button (to the dashboard); shown only when given. */
  onBack?: () => void;
  /** Called with the campaign an idea was converted into. */
  onConverted?: (campaign: Campaign) => void;
}

const none = () => undefined;

function IdeasBody({ headingLevel, onBack, onConverted }: IdeasBoardProps): ReactNode {
  const { now } = useCadence();
  const session = useSession();
  const ideas = useIdeas();
  const comments = useComments();
  const write = useWrite();
  const [editing, setEditing] = useState<{ open: boolean; idea: Idea | null }>({ open: false, idea: null });
  const [converting, setConverting] = useState<Idea | null>(null);
  const threads = useMemo(() => commentsByIdea(comments.data ?? []), [comments.data]);
  const list = useMemo(() => newestFirst(ideas.data ?? []), [ideas.data]);
  const canCreate = can(session.principal, 'create', 'idea');

  if (session.ready && !session.userId) return <EmptyState title="Please sign in to access campaign ideas." />;

  const save = (values: { title: string; description: string | null }) => {
    const idea = editing.idea;
    return write({
      call: (c) => (idea ? c.ideas.update(idea.id, values, { version: idea.version }) : c.ideas.create(values)),
      success: idea ? IDEA_TOASTS.updated : IDEA_TOASTS.created,
      failure: IDEA_TOASTS.saveError,
      invalidate: ['ideas'],
    });
  };
  const remove = (idea: Idea) =>
    void write({
      call: (c) => c.ideas.remove(idea.id),
      success: IDEA_TOASTS.deleted,
      failure: IDEA_TOASTS.deleteError,
      invalidate: ['ideas', 'comments'],
      optimistic: { keys: 'ideas', apply: (l: Idea[]) => l.filter((i) => i.id !== idea.id) },
    }).catch(none);
  const convert = (body: CampaignCreate) =>
    write({
      call: (c) => c.campaigns.create(body),
      success: (row) => IDEA_TOASTS.converted(row.title),
      failure: IDEA_TOASTS.convertError,
      invalidate: ['campaigns'],
    }).then((row) => (onConverted?.(row), row));

  let body: ReactNode;
  if (ideas.status === 'loading') {
    body = (
      <div className="cad-ideas-grid" role="status" aria-label="Loading ideas">
        {Array.from({ length: LIMITS.ideasSkeletonCards }, (_, i) => <div key={i} className="cad-skeleton" data-testid="idea-skeleton" />)}
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        title="No ideas yet"
        action={canCreate && <button type="button" className="cad-button cad-button--primary" onClick={() => setEditing({ open: true, idea: null })}>Create Your First Idea</button>}
      />
    );
  } else {
    body = (
      <div className="cad-ideas-grid">
        {list.map((idea) => (
          <IdeaCard
            key={idea.id}
            idea={idea}
            comments={threads.get(idea.id) ?? []}
            now={now()}
            canEdit={can(session.principal, 'update', 'idea', idea)}
            canComment={can(session.principal, 'create', 'comment')}
            canConvert={can(session.principal, 'create', 'calendar')}
            canDeleteComment={(comment) => can(session.principal, 'delete', 'comment', comment)}
            onEdit={() => setEditing({ open: true, idea })}
            onDelete={() => remove(idea)}
            onConvert={() => setConverting(idea)}
            onComment={(comment) => write({ call: (c) => c.comments.create(idea.id, { comment }), failure: IDEA_TOASTS.commentError, invalidate: ['comments'] })}
            onDeleteComment={(cm) => void write({ call: (c) => c.comments.remove(cm.id), failure: IDEA_TOASTS.commentDeleteError, invalidate: ['comments'] }).catch(none)}
          />
        ))}
      </div>
    );
  }
  return (
    <section className="cad-page" aria-labelledby="cad-ideas-title" aria-busy={ideas.status === 'loading'}>
      <header className="cad-page-header">
        {onBack && <button type="button" className="cad-icon-button" aria-label="Back to dashboard" onClick={onBack}><ArrowLeft size={ICON_SIZE} aria-hidden="true" /></button>}
        <div className="cad-page-header__text">
          <PageTitle level={headingLevel} id="cad-ideas-title">Campaign Ideas</PageTitle>
          <p className="cad-page-subtitle">Brainstorm, collaborate, and develop campaign concepts</p>
        </div>
        {canCreate && <button type="button" className="cad-button cad-button--primary" onClick={() => setEditing({ open: true, idea: null })}>New Idea</button>}
      </header>
      {body}
      <IdeaDialog open={editing.open} idea={editing.idea} onOpenChange={(open) => setEditing((s) => ({ ...s, open }))} onSave={save} />
      <CampaignDialogView
        open={!!converting}
        onOpenChange={(open) => !open && setConverting(null)}
        initialValues={converting ? campaignFromIdea(converting) : {}}
        onCreate={convert}
      />
    </section>
  );
}

/** The campaign ideas board with comments and conversion to campaigns (docs/product.md#ideas). */
export function IdeasBoard(props: IdeasBoardProps): ReactNode {
  return (
    <WidgetRoot name="IdeasBoard" client={props.client} className={props.className}>
      <WidgetStyles css={pagesCss} />
      <WidgetStyles css={ideasCss} />
      <IdeasBody {...props} />
    </WidgetRoot>
  );
}
