import {
  CadenceApiError,
  can,
  WEBHOOK_EVENT_GROUPS,
  type CadenceAdminClient,
  type Webhook,
  type WebhookDelivery,
  type WebhookFormat,
  type WebhookWithSecret,
} from '@cadence/core';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';

export type WebhooksPanelProps = PageWidgetProps;

const FORMATS = [['json', 'JSON (signed events)'], ['slack', 'Slack message']] as const;
const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof CadenceApiError && err.details.length ? Object.fromEntries(err.details.map((d) => [d.path.split('.')[0] || 'form', d.message])) : { form: messageOf(err) };
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const lastOf = (h: Webhook) =>
  h.last_delivery ? `${STATUS_LABELS[h.last_delivery.status]}${h.last_delivery.status_code ? ` (${h.last_delivery.status_code})` : ''} · ${when(h.last_delivery.created_at)}` : 'No deliveries yet';

interface Draft {
  url: string;
  description: string;
  events: string[];
  format: WebhookFormat;
}
const EMPTY: Draft = { url: '', description: '', events: [], format: 'json' };

/**
 * Settings → Webhooks (docs/adr/0058), for administrators: endpoints with their last delivery,
 * an add dialog (URL, events grouped, format), the signing secret shown once with a copy button,
 * a test ping, delete after confirmation, and each endpoint's delivery log with Redeliver.
 */
export function WebhooksPanel(props: WebhooksPanelProps): ReactNode {
  return (
    <WidgetRoot name="WebhooksPanel" client={props.client} className={props.className}>
      <Panel headingLevel={props.headingLevel ?? 2} />
    </WidgetRoot>
  );
}

function Panel({ headingLevel }: { headingLevel: 1 | 2 }): ReactNode {
  const { client, toast } = useCadence('WebhooksPanel');
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const api = (client as CadenceAdminClient).webhooks;
  const id = useId();
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookDelivery[] | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setHooks(await api.list());
    } catch (err) {
      setLoadError(`The webhooks could not be loaded: ${messageOf(err)}`);
    }
  }, [api]);
  const loadLog = useCallback(async (hookId: string) => {
    try {
      setLog((await api.deliveries(hookId, { limit: 50 })).items);
    } catch (err) {
      toast({ title: 'Could not load the deliveries', description: messageOf(err), variant: 'destructive' });
    }
  }, [api, toast]);
  useEffect(() => {
    if (admin) void load();
  }, [admin, load]);

  if (!session.ready || !admin) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const toggleEvent = (name: string, on: boolean) => setDraft((d) => ({ ...d, events: on ? [...new Set([...d.events, name])] : d.events.filter((e) => e !== name) }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!draft.events.length) return setErrors({ events: 'Choose at least one event' });
    setSaving(true);
    try {
      const made = await api.create({ url: draft.url.trim(), events: draft.events, format: draft.format, ...(draft.description.trim() ? { description: draft.description.trim() } : {}) });
      setAdding(false);
      setDraft(EMPTY);
      setSecret(made);
      await load();
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setSaving(false);
    }
  };
  const ping = async (h: Webhook) => {
    try {
      await api.test(h.id);
      toast({ title: 'Test event sent', description: `A ping is on its way to ${h.url}; its outcome shows in the delivery log.` });
      if (open === h.id) await loadLog(h.id);
      await load();
    } catch (err) {
      toast({ title: 'Could not send the test event', description: messageOf(err), variant: 'destructive' });
    }
  };
  const remove = async (h: Webhook) => {
    try {
      await api.remove(h.id);
      if (open === h.id) setOpen(null);
      toast({ title: 'Webhook removed', description: `Nothing more is sent to ${h.url}.` });
      await load();
    } catch (err) {
      toast({ title: 'Could not remove the webhook', description: messageOf(err), variant: 'destructive' });
    }
  };
  const showLog = async (h: Webhook) => {
    if (open === h.id) return setOpen(null);
    setOpen(h.id);
    setLog(null);
    await loadLog(h.id);
  };
  const redeliver = async (d: WebhookDelivery) => {
    try {
      await api.redeliver(d.id);
      toast({ title: 'Delivery queued again', description: `${d.event_type} is sent again now.` });
      await loadLog(d.webhook_id);
    } catch (err) {
      toast({ title: 'Could not redeliver', description: messageOf(err), variant: 'destructive' });
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Secret copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the secret and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <section className="cad-card cad-webhooks" aria-labelledby={`${id}-title`} aria-busy={!hooks && !loadError}>
      <Heading id={`${id}-title`} className="cad-card__title">Webhooks</Heading>
      <p className="cad-muted">Other systems hear of changes as signed HTTPS requests (or Slack messages). Each delivery is retried for a day.</p>
      <p>
        <button type="button" className="cad-button cad-button--primary" onClick={() => (setErrors({}), setAdding(true))}>Add webhook</button>
      </p>
      {loadError && (
        <div role="alert">
          <p className="cad-field__error">{loadError}</p>
          <button type="button" className="cad-button" onClick={() => void load()}>Try again</button>
        </div>
      )}
      {!hooks && !loadError && <p className="cad-muted" role="status">Loading webhooks…</p>}
      {hooks && !hooks.length && <p className="cad-muted">No webhooks yet.</p>}
      {hooks && hooks.length > 0 && (
        <ul className="cad-templates__list" aria-label="Webhooks">
          {hooks.map((h) => (
            <li key={h.id} className="cad-templates__row cad-webhooks__row">
              <div className="cad-webhooks__what">
                <strong className="cad-webhooks__url">{h.url}</strong>
                {h.description && <div>{h.description}</div>}
                <div className="cad-muted">
                  {h.events.includes('*') ? 'Every event' : h.events.join(', ')} · {h.format === 'slack' ? 'Slack' : 'JSON'}
                  {h.active ? '' : ' · switched off'}
                </div>
                <div className={h.last_delivery?.status === 'failed' ? 'cad-field__error' : 'cad-muted'}>Last delivery: {lastOf(h)}</div>
              </div>
              <div className="cad-webhooks__actions">
                <button type="button" className="cad-button" aria-label={`Test ${h.url}`} onClick={() => void ping(h)}>Test</button>
                <button type="button" className="cad-button" aria-expanded={open === h.id} aria-controls={`${id}-log-${h.id}`} aria-label={`Deliveries of ${h.url}`} onClick={() => void showLog(h)}>
                  Deliveries
                </button>
                <button type="button" className="cad-button cad-button--danger" aria-label={`Delete ${h.url}`} onClick={() => setRemoving(h)}>Delete</button>
              </div>
              {open === h.id && (
                <div id={`${id}-log-${h.id}`} className="cad-webhooks__log">
                  {!log && <p className="cad-muted" role="status">Loading deliveries…</p>}
                  {log && !log.length && <p className="cad-muted">No deliveries yet.</p>}
                  {log && log.length > 0 && (
                    <ul className="cad-templates__list" aria-label={`Deliveries of ${h.url}`}>
                      {log.map((d) => (
                        <li key={d.id} className="cad-templates__row">
                          <div>
                            <strong>{d.event_type}</strong> <span>{STATUS_LABELS[d.status]}</span>
                            <div className="cad-muted">
                              {when(d.created_at)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
                              {d.status_code ? ` · HTTP ${d.status_code}` : ''}
                              {d.response_ms !== null ? ` · ${d.response_ms} ms` : ''}
                            </div>
                            {d.error && <div className="cad-field__error">{d.error}</div>}
                          </div>
                          <button type="button" className="cad-button" aria-label={`Redeliver ${d.event_type} of ${when(d.created_at)}`} onClick={() => void redeliver(d)}>Redeliver</button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={adding} onOpenChange={(o) => !o && setAdding(false)} title="Add webhook" description="Cadence signs each event with a secret you will see once.">
        <form className="cad-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add webhook">
          {errors.form && <p className="cad-field__error" role="alert">{errors.form}</p>}
          <Field label="URL" required hint="https:// address of the receiving service" error={errors.url}>
            {(p) => <input {...p} type="url" inputMode="url" className="cad-input" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} />}
          </Field>
          <Field label="Description" error={errors.description}>
            {(p) => <input {...p} className="cad-input" value={draft.description} maxLength={500} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />}
          </Field>
          <fieldset className="cad-webhooks__events" aria-describedby={errors.events ? `${id}-events-error` : undefined} aria-invalid={errors.events ? true : undefined}>
            <legend>Events</legend>
            <label className="cad-check">
              <input type="checkbox" checked={draft.events.includes('*')} onChange={(e) => toggleEvent('*', e.target.checked)} /> Every event, now and later
            </label>
            {Object.entries(WEBHOOK_EVENT_GROUPS).map(([group, names]) => (
              <fieldset key={group} disabled={draft.events.includes('*')}>
                <legend>{group}</legend>
                {names.map((name) => (
                  <label key={name} className="cad-check">
                    <input type="checkbox" checked={draft.events.includes('*') || draft.events.includes(name)} onChange={(e) => toggleEvent(name, e.target.checked)} /> {name}
                  </label>
                ))}
              </fieldset>
            ))}
            {errors.events && <p id={`${id}-events-error`} className="cad-field__error">{errors.events}</p>}
          </fieldset>
          <Field label="Format" error={errors.format}>
            {(p) => <Select {...p} value={draft.format} options={FORMATS} onChange={(v) => setDraft({ ...draft, format: (v || 'json') as WebhookFormat })} />}
          </Field>
          <div className="cad-dialog__footer">
            <button type="button" className="cad-button" onClick={() => setAdding(false)}>Cancel</button>
            <button type="submit" className="cad-button cad-button--primary" disabled={saving}>Add webhook</button>
          </div>
        </form>
      </Dialog>

      <Dialog open={!!secret} onOpenChange={(o) => !o && setSecret(null)} title="Signing secret" description="Copy it now: it is not shown again. The receiver checks each request's Cadence-Signature with it.">
        {secret && (
          <>
            <Field label="Secret">{(p) => <input {...p} className="cad-input" readOnly value={secret.secret} onFocus={(e) => e.target.select()} />}</Field>
            <div className="cad-dialog__footer">
              <button type="button" className="cad-button" onClick={() => void copy(secret.secret)}>Copy secret</button>
              <button type="button" className="cad-button cad-button--primary" onClick={() => setSecret(null)}>Done</button>
            </div>
          </>
        )}
      </Dialog>

      <Dialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        role="alertdialog"
        size="sm"
        title="Delete webhook"
        description={removing ? `Stop sending events to ${removing.url} and delete its delivery log?` : ''}
      >
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => setRemoving(null)}>Cancel</button>
          <button
            type="button"
            className="cad-button cad-button--danger"
            onClick={() => {
              const h = removing;
              setRemoving(null);
              if (h) void remove(h);
            }}
          >
            Delete webhook
          </button>
        </div>
      </Dialog>
    </section>
  );
}
