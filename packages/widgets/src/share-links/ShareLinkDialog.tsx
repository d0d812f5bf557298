import { CadenceApiError, SHARE_LINK_FIELDS, SHARE_LINK_FIELD_LABELS, todayYmd, type SavedView, type ShareLink, type ShareLinkCreated } from '@cadence/core';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { CheckGroup } from '../ui/CheckGroup';
import { CopyButton } from '../ui/CopyButton';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { defaultShareForm, earliestExpiry, linkSummary, linkUrl, toggleField } from './share-link-rules';

export interface ShareLinkDialogProps {
  open: boolean;
  onClose: () => void;
  view: Pick<SavedView, 'id' | 'name'> | null;
  /** Where the app is served, for the link's full address (default: this page's origin). */
  origin?: string;
}

type Errors = Partial<Record<'expires_on' | 'password' | 'fields' | 'form', string>>;

function errorsOf(error: unknown): Errors {
  if (!(error instanceof CadenceApiError)) return { form: 'The link could not be made. Try again.' };
  const out: Errors = {};
  for (const d of error.details) {
    const key = d.path.split('.')[0] as keyof Errors;
    if (key === 'expires_on' || key === 'password' || key === 'fields') out[key] ??= d.message;
  }
  return Object.keys(out).length ? out : { form: error.message };
}

/**
 * "Share link…" of a saved view (docs/adr/0061): a read-only page for people without an account,
 * expiring on a chosen date, with an optional password and the fields to show. The new link is
 * shown once, with Copy; the view's links are listed with their visits and a Revoke that asks first.
 */
export function ShareLinkDialog({ open, onClose, view, origin }: ShareLinkDialogProps): ReactNode {
  const { client, now, toast } = useCadence();
  const today = todayYmd(now());
  const [form, setForm] = useState(() => defaultShareForm(today));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareLinkCreated | null>(null);
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin);

  const load = useCallback(() => {
    if (!view) return;
    client.shareLinks.forView(view.id).then(setLinks, (error: unknown) => {
      console.error('[Cadence] loading share links failed', error);
      setLinks([]);
    });
  }, [client, view]);
  useEffect(() => {
    if (!open) return;
    setForm(defaultShareForm(today));
    setErrors({});
    setMade(null);
    setConfirming(null);
    setLinks(null);
    load();
    // `today` changes only at midnight; reopening resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view || busy) return;
    if (!form.expires_on) return setErrors({ expires_on: 'Choose the last day the link opens' });
    setBusy(true);
    setErrors({});
    client.shareLinks
      .create(view.id, { expires_on: form.expires_on, fields: form.fields, ...(form.password ? { password: form.password } : {}) })
      .then(
        (link) => {
          setMade(link);
          setForm(defaultShareForm(today));
          load();
        },
        (error: unknown) => setErrors(errorsOf(error)),
      )
      .finally(() => setBusy(false));
  };

  const revoke = (link: ShareLink) => {
    setConfirming(null);
    client.shareLinks.revoke(link.id).then(
      () => {
        toast({ title: 'Link revoked', description: 'It no longer opens, and open pages stop at once.' });
        if (made?.id === link.id) setMade(null);
        load();
      },
      () => toast({ title: 'The link could not be revoked', description: 'Try again.', variant: 'destructive' }),
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} size="md" title="Share link" description={view ? `A read-only page of “${view.name}” for people without an account.` : ''}>
      {made && (
        <div className="cad-share-link__made" role="status">
          <p className="cad-field__label">Copy the link now: it is shown only once.</p>
          <div className="cad-share-link__url">
            <input className="cad-input" readOnly value={linkUrl(base, made.path)} aria-label="New share link" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton
              text={linkUrl(base, made.path)}
              label="share link"
              success={{ title: 'Link copied' }}
              failure={{ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' }}
            />
          </div>
        </div>
      )}
      <form className="cad-form" onSubmit={submit} noValidate>
        <Field label="Expires on" hint="The last day the link opens." error={errors.expires_on} required>
          {(control) => (
            <input {...control} type="date" className="cad-input" min={earliestExpiry(today)} value={form.expires_on} onChange={(e) => setForm({ ...form, expires_on: e.target.value })} />
          )}
        </Field>
        <Field label="Password (optional)" hint="Asked before the page shows." error={errors.password}>
          {(control) => (
            <input {...control} type="password" className="cad-input" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
          )}
        </Field>
        <CheckGroup
          legend="Show these fields"
          options={SHARE_LINK_FIELDS}
          value={form.fields}
          onToggle={(f) => setForm({ ...form, fields: toggleField(form.fields, f) })}
          label={(f) => SHARE_LINK_FIELD_LABELS[f]}
          error={errors.fields}
        />
        <p className="cad-field__hint">Title, dates, channels and status always show.</p>
        {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
        <FormActions onCancel={onClose} saving={busy}>{busy ? 'Creating…' : 'Create link'}</FormActions>
      </form>
      <section aria-labelledby="cad-share-links-title" className="cad-share-link__list">
        <h3 id="cad-share-links-title" className="cad-field__label">Links of this view</h3>
        {links === null ? (
          <p className="cad-field__hint" aria-busy="true">Loading…</p>
        ) : links.length === 0 ? (
          <p className="cad-field__hint">No open links.</p>
        ) : (
          <ul className="cad-share-link__items">
            {links.map((l) => (
              <li key={l.id} className="cad-share-link__item">
                <span>
                  {l.created_by_email && <span className="cad-share-link__by">{l.created_by_email} · </span>}
                  {linkSummary(l)}
                </span>
                {confirming === l.id ? (
                  <span className="cad-share-link__confirm">
                    <button type="button" className="cad-button" onClick={() => setConfirming(null)}>Keep</button>
                    <button type="button" className="cad-button cad-button--danger" onClick={() => revoke(l)}>Revoke now</button>
                  </span>
                ) : (
                  <button type="button" className="cad-button" onClick={() => setConfirming(l.id)} aria-label={`Revoke link (${linkSummary(l)})`}>Revoke</button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}
