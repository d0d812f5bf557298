import { can, type Publication, type PublicationCreate } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { usePublications } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { Badge } from '../ui/bits';
import { ConfirmDialog } from './AdDialogs';
import { AdTypesDialog } from './AdTypesDialog';
import { matches } from './ad-rules';
import { publicationFields } from './publication-rules';
import { lazyDialog } from '../ui/lazy-dialog';

const PublicationDialog = lazyDialog(() => import('./PublicationDialog').then((m) => m.PublicationDialog));

const none = () => undefined;
const cascade = ['publications', 'adTypes', 'ads', 'virtual'] as const;

/** Publications and their specs: search, cards, add/edit/delete and ad type management (docs/product.md#publications). */
export function Publications({ confirm }: { confirm?: (message: string) => boolean }): ReactNode {
  const editable = can(useSession().principal, 'update', 'industry');
  const publications = usePublications();
  const write = useWrite();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; publication: Publication | null }>({ open: false, publication: null });
  const [managing, setManaging] = useState<Publication | null>(null);
  const [deleting, setDeleting] = useState<Publication | null>(null);
  const all = publications.data ?? [];
  const shown = all.filter((p) => matches(query, publicationFields(p)));
  const save = (body: PublicationCreate) => {
    const p = dialog.publication;
    return write({
      call: (c) => (p ? c.publications.update(p.id, body, { version: p.version }) : c.publications.create(body)),
      success: p ? AD_TOASTS.publicationUpdated : AD_TOASTS.publicationAdded,
      failure: p ? AD_TOASTS.publicationUpdateError : AD_TOASTS.publicationAddError,
      invalidate: cascade,
    });
  };
  return (
    <div className="cad-stack" aria-busy={publications.status === 'loading'}>
      <div className="cad-toolbar">
        <input type="search" className="cad-input" aria-label="Search publications" placeholder="Search publications..." value={query} onChange={(e) => setQuery(e.target.value)} />
        {editable && <button type="button" className="cad-button cad-button--primary" onClick={() => setDialog({ open: true, publication: null })}>Add Publication</button>}
      </div>
      {publications.status === 'loading' ? <p className="cad-hint" role="status">Loading publications...</p>
        : all.length === 0 ? <p className="cad-empty">No publications yet. Click 'Add Publication' to create one.</p>
        : shown.length === 0 ? <p className="cad-empty">No publications match your search.</p>
        : (
          <div className="cad-list-grid">
            {shown.map((p) => (
              <article key={p.id} className="cad-card" aria-label={p.name}>
                <div className="cad-card__head">
                  <h3 className="cad-card__title">{p.name}</h3>
                  {p.category && <Badge tone="outline">{p.category}</Badge>}
                </div>
                {p.description && <p className="cad-card__description">{p.description}</p>}
                {p.target_audience && <p className="cad-card__owner">Audience: {p.target_audience}</p>}
                {p.region && <p className="cad-card__owner">Region: {p.region}</p>}
                {p.industry_tags.length > 0 && <div className="cad-chips">{p.industry_tags.map((t) => <Badge key={t}>{t}</Badge>)}</div>}
                {p.notes && <p className="cad-hint">{p.notes}</p>}
                <div className="cad-inline">
                  <button type="button" className="cad-button cad-button--small" aria-label={`Manage ad types of ${p.name}`} onClick={() => setManaging(p)}>Ad Types</button>
                  {editable && <button type="button" className="cad-button cad-button--small" aria-label={`Edit ${p.name}`} onClick={() => setDialog({ open: true, publication: p })}>Edit</button>}
                  {editable && <button type="button" className="cad-button cad-button--small cad-button--danger" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>Delete</button>}
                </div>
              </article>
            ))}
          </div>
        )}
      <PublicationDialog open={dialog.open} publication={dialog.publication} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} onSave={save} />
      <AdTypesDialog publication={managing} editable={editable} onClose={() => setManaging(null)} {...(confirm ? { confirm } : {})} />
      <ConfirmDialog open={!!deleting} title="Delete Publication?" confirm="Delete"
        text="This will permanently delete the publication and all associated ad campaigns. This action cannot be undone."
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void write({ call: (c) => c.publications.remove(deleting.id, { version: deleting.version }), success: AD_TOASTS.publicationDeleted, failure: AD_TOASTS.publicationDeleteError, invalidate: cascade }).catch(none)} />
    </div>
  );
}
