import { AD_STATUS_LABELS, can, type Ad } from '@cadence/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { usePublications, useAds } from '../provider/resources';
import { useSession } from '../provider/session';
import { TabPanel, Tabs } from '../ui/Tabs';
import { ConfirmDialog, ExampleDialog } from './AdDialogs';
import { AD_COLUMNS, AdRow } from './AdRow';
import { STATUS_TABS, statusCounts, type StatusTab } from './ad-rules';
import { useAdActions } from './use-ad-actions';
import { lazyDialog } from '../ui/lazy-dialog';

const AdDialog = lazyDialog(() => import('./AdDialog').then((m) => m.AdDialog));

const none = () => undefined;

/** Ads by status: publication filter, status tabs with counts and the editable table (docs/product.md#ads-by-status). */
export function AdsByStatus(): ReactNode {
  const session = useSession();
  const editable = can(session.principal, 'update', 'industry');
  const ads = useAds();
  const publications = usePublications();
  const actions = useAdActions();
  const [publicationId, setPublicationId] = useState('all');
  const [tab, setTab] = useState<StatusTab>('all');
  const [dialog, setDialog] = useState<{ open: boolean; ad: Ad | null }>({ open: false, ad: null });
  const [example, setExample] = useState<Ad | null>(null);
  const [deleting, setDeleting] = useState<Ad | null>(null);
  const idBase = useId();
  const filtered = useMemo(() => (ads.data ?? []).filter((a) => publicationId === 'all' || a.publication_id === publicationId), [ads.data, publicationId]);
  const counts = statusCounts(filtered);
  const rows = filtered.filter((a) => tab === 'all' || a.status === tab);
  const pubs = publications.data ?? [];
  const tabs = STATUS_TABS.map((s) => ({ value: s, label: `${s === 'all' ? 'All' : AD_STATUS_LABELS[s]} (${counts[s]})` }));

  return (
    <div className="cad-stack">
      <div className="cad-toolbar cad-toolbar--fields">
        <label className="cad-inline">
          <span className="cad-field__label">Publication</span>
          <select className="cad-input" value={publicationId} onChange={(e) => setPublicationId(e.target.value)}>
            <option value="all">All Publications</option>
            {pubs.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        {editable && <button type="button" className="cad-button cad-button--primary" onClick={() => setDialog({ open: true, ad: null })}>Add Ad Campaign</button>}
      </div>
      <Tabs label="Ad status" idBase={idBase} value={tab} tabs={tabs} onChange={setTab} />
      <TabPanel idBase={idBase} value={tab}>
        {ads.status === 'loading' ? <p className="cad-hint" role="status">Loading ads...</p>
          : rows.length === 0 ? <p className="cad-empty">No ads in this status yet.</p>
          : (
            <div className="cad-table-scroller">
              <table className="cad-table cad-table--cards">
                <thead><tr>{AD_COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
                <tbody>
                  {rows.map((ad) => (
                    <AdRow key={ad.id} ad={ad} publication={pubs.find((p) => p.id === ad.publication_id)} editable={editable}
                      onPatch={(patch) => void actions.update(ad, patch).catch(none)}
                      onStatus={(status) => {
                        setTab(status);
                        void actions.update(ad, { status }).catch(none);
                      }}
                      onExample={() => setExample(ad)}
                      onEdit={() => setDialog({ open: true, ad })}
                      onDelete={() => setDeleting(ad)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
      </TabPanel>
      <AdDialog open={dialog.open} ad={dialog.ad} publications={pubs} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSave={(body) => (dialog.ad ? actions.update(dialog.ad, body) : actions.create(body))} />
      <ExampleDialog url={example ? example.example_image_url : undefined} name={example?.ad_type ?? ''} onClose={() => setExample(null)} />
      <ConfirmDialog open={!!deleting} title="Delete Ad Campaign?" text="This action cannot be undone. This will permanently delete this ad campaign."
        confirm="Delete" onCancel={() => setDeleting(null)} onConfirm={() => deleting && void actions.remove(deleting).catch(none)} />
    </div>
  );
}
