import { AD_STATUSES, AD_STATUS_LABELS, can, formatYmd, type AdStatus, type Article } from '@cadence/core';
import { useId, useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { useArticles, useRowQueue } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { TabPanel, Tabs } from '../ui/Tabs';
import { STATUS_TABS, type StatusTab } from './ad-rules';
import { lazyDialog } from '../ui/lazy-dialog';

const ArticleDialog = lazyDialog(() => import('./ArticleDialog').then((m) => m.ArticleDialog));

const COLUMNS = ['Status', 'Title', 'Publication', 'Due Date', 'Live Date', 'Website Examples', 'Copy Needs', 'Website Focus', 'Image Needs', 'Objective'];
const TABS = STATUS_TABS.map((s) => ({ value: s, label: s === 'all' ? 'All Articles' : AD_STATUS_LABELS[s] }));
const none = () => undefined;

/** Articles and sponsored content: status tabs and an editable status column (docs/product.md#articles). */
export function Articles(): ReactNode {
  const editable = can(useSession().principal, 'update', 'industry');
  const articles = useArticles();
  const write = useWrite();
  const queue = useRowQueue();
  const [tab, setTab] = useState<StatusTab>('all');
  const [adding, setAdding] = useState(false);
  const idBase = useId();
  const rows = (articles.data ?? []).filter((a) => tab === 'all' || a.status === tab);
  const setStatus = (a: Article, status: AdStatus) =>
    void write({
      call: (c) => queue(a.id, a.version, (version) => c.articles.update(a.id, { status }, { version })),
      success: AD_TOASTS.articleUpdated, failure: AD_TOASTS.articleUpdateError, invalidate: ['articles'],
      optimistic: { keys: 'articles', apply: (l: Article[]) => l.map((x) => (x.id === a.id ? { ...x, status } : x)) },
    }).catch(none);
  return (
    <div className="cad-stack" aria-busy={articles.status === 'loading'}>
      <div className="cad-toolbar">
        {editable && <button type="button" className="cad-button cad-button--primary" onClick={() => setAdding(true)}>Add New Article</button>}
      </div>
      <Tabs label="Article status" idBase={idBase} value={tab} tabs={TABS} onChange={setTab} />
      <TabPanel idBase={idBase} value={tab}>
        {articles.status === 'loading' ? <p className="cad-hint" role="status">Loading articles...</p>
          : rows.length === 0 ? <p className="cad-empty">No articles found</p>
          : (
            <div className="cad-table-scroller">
              <table className="cad-table">
                <thead><tr>{COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
                <tbody>
                  {rows.map((a) => (
                    <tr key={a.id}>
                      <td>
                        {editable ? (
                          <select className={`cad-input cad-ad-status--${a.status}`} aria-label={`Status of ${a.title}`} value={a.status} onChange={(e) => setStatus(a, e.target.value as AdStatus)}>
                            {AD_STATUSES.map((s) => <option key={s} value={s}>{AD_STATUS_LABELS[s]}</option>)}
                          </select>
                        ) : <span className={`cad-badge cad-ad-status--${a.status}`}>{AD_STATUS_LABELS[a.status]}</span>}
                      </td>
                      <th scope="row">{a.title}</th>
                      <td>{a.publication_name ?? ''}</td>
                      <td>{formatYmd(a.due_date, 'MMM dd, yyyy')}</td>
                      <td>{formatYmd(a.live_date, 'MMM dd, yyyy')}</td>
                      <td>{a.website_examples ?? ''}</td><td>{a.copy_needs ?? ''}</td><td>{a.website_focus_notes ?? ''}</td>
                      <td>{a.image_needs ?? ''}</td><td>{a.objective ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
      </TabPanel>
      <ArticleDialog open={adding} onClose={() => setAdding(false)}
        onSave={(body) => write({ call: (c) => c.articles.create(body), success: AD_TOASTS.articleAdded, failure: AD_TOASTS.articleAddError, invalidate: ['articles'] })} />
    </div>
  );
}
