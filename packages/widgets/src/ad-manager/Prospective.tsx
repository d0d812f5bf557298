import { can, ensureHttps, extractEmails, type ProspectivePublication } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { errorMessage, useProspective } from '../provider/resources';
import { useWrite } from '../provider/write';
import { useSession } from '../provider/session';
import { CopyButton } from '../ui/CopyButton';
import { Popover } from '../ui/Popover';
import { matches } from './ad-rules';
import { prospectiveFields } from './prospective-rules';
import { lazyDialog } from '../ui/lazy-dialog';

const ProspectiveDialog = lazyDialog(() => import('./ProspectiveDialogs').then((m) => m.ProspectiveDialog));
const BulkUploadDialog = lazyDialog(() => import('./ProspectiveDialogs').then((m) => m.BulkUploadDialog));

const COLUMNS = ['Publication', 'Region', 'Industry', 'Audience', 'Media Kit', 'Website', 'Contacts', 'Notes'];

function Contacts({ p }: { p: ProspectivePublication }): ReactNode {
  const emails = extractEmails(p.contacts);
  if (!p.contacts) return <span className="cad-hint">-</span>;
  const count = `${emails.length} email${emails.length === 1 ? '' : 's'}`;
  return (
    // The name starts with the visible count, so speech input ("click 2 emails") finds it.
    <Popover label={`${count} of ${p.name}`} trigger={count} title="Contacts">
      {emails.length === 0 ? <p className="cad-hint">{p.contacts}</p> : (
        <ul className="cad-stack">
          {emails.map((e) => (
            <li key={e} className="cad-inline">
              <span>{e}</span>
              <CopyButton text={e} label={e} success={AD_TOASTS.emailCopied} failure={AD_TOASTS.emailCopyError} />
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
}

/** Prospective publications: search, add, bulk upload and the contacts table (docs/product.md#prospective). */
export function Prospective(): ReactNode {
  const editable = can(useSession().principal, 'update', 'industry');
  const list = useProspective();
  const write = useWrite();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const all = list.data ?? [];
  const shown = all.filter((p) => matches(query, prospectiveFields(p)));
  return (
    <div className="cad-stack" aria-busy={list.status === 'loading'}>
      <div className="cad-toolbar">
        <input type="search" className="cad-input" aria-label="Search prospective publications" placeholder="Search by name, region, industry, audience..." value={query} onChange={(e) => setQuery(e.target.value)} />
        {editable && <button type="button" className="cad-button" onClick={() => setUploading(true)}>Upload Excel</button>}
        {editable && <button type="button" className="cad-button cad-button--primary" onClick={() => setAdding(true)}>Add Prospective Pub</button>}
      </div>
      {list.status === 'loading' ? <p className="cad-hint" role="status">Loading prospective publications...</p>
        : all.length === 0 ? <p className="cad-empty">No prospective publications yet</p>
        : shown.length === 0 ? <p className="cad-empty">No publications found matching your search</p>
        : (
          <div className="cad-table-scroller">
            <table className="cad-table">
              <thead><tr>{COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
              <tbody>
                {shown.map((p) => {
                  const kit = ensureHttps(p.media_kit_link);
                  const site = ensureHttps(p.website);
                  return (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th><td>{p.region ?? ''}</td><td>{p.industry ?? ''}</td><td>{p.audience ?? ''}</td>
                      <td>{kit ? <a className="cad-link" href={kit} target="_blank" rel="noreferrer noopener" aria-label={`View Kit of ${p.name}`}>View Kit</a> : <span className="cad-hint">No link</span>}</td>
                      <td>{site ? <a className="cad-link" href={site} target="_blank" rel="noreferrer noopener" aria-label={`Visit ${p.name}`}>Visit</a> : ''}</td>
                      <td><Contacts p={p} /></td>
                      <td>{p.notes ?? ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      <ProspectiveDialog open={adding} onClose={() => setAdding(false)}
        onSave={(body) => write({ call: (c) => c.prospective.create(body), success: AD_TOASTS.prospectiveAdded, failure: AD_TOASTS.prospectiveAddError, invalidate: ['prospective'] })} />
      <BulkUploadDialog open={uploading} onClose={() => setUploading(false)}
        onUpload={(file) => write({
          call: (c) => c.prospective.importFile(file),
          success: (r) => AD_TOASTS.imported(r.imported),
          failure: (e) => AD_TOASTS.importError(errorMessage(e)),
          invalidate: ['prospective'],
        })} />
    </div>
  );
}
