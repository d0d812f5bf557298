import { EVENT_AUDIENCES, EVENT_REGIONS, EVENT_TYPES, EVENT_VERTICALS, type EventCreate } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, Select } from '../ui/Field';
import { CheckGroup } from '../ui/CheckGroup';
import { Dialog } from '../ui/Dialog';
import { emptyEventForm, eventBody, toggleIn, type EventForm } from './event-rules';

export interface EventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: EventCreate) => Promise<unknown>;
}

const REGION_OPTIONS = EVENT_REGIONS.map((r) => [r, r] as const);

function EventFormBody({ onOpenChange, onSave }: Omit<EventDialogProps, 'open'>): ReactNode {
  const [f, setF] = useState<EventForm>(emptyEventForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<EventForm>) => setF((x) => ({ ...x, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = eventBody(f);
    if ('error' in r) return setError(r.error);
    setError(null);
    setSaving(true);
    try {
      await onSave(r.body);
      onOpenChange(false);
    } catch {
      setSaving(false);
    }
  };
  const input = (key: 'name' | 'location' | 'venue' | 'event_url', type = 'text') => (p: object) => (
    <input type={type} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={(e) => void submit(e)} noValidate>
      {error && <p className="cad-field__error" role="alert">{error}</p>}
      <Field label="Event Name" required>{input('name')}</Field>
      <CheckGroup legend="Vertical" required options={EVENT_VERTICALS} value={f.vertical} onToggle={(v) => set({ vertical: toggleIn(f.vertical, v) })} />
      {f.vertical.includes('other') && <Field label="Other vertical">{(p) => <input className="cad-input" value={f.vertical_other} onChange={(e) => set({ vertical_other: e.target.value })} {...p} />}</Field>}
      <CheckGroup legend="Audience" required options={EVENT_AUDIENCES} value={f.audience} onToggle={(v) => set({ audience: toggleIn(f.audience, v) })} />
      <CheckGroup legend="Type" required options={EVENT_TYPES} value={f.type} onToggle={(v) => set({ type: toggleIn(f.type, v) })} />
      <div className="cad-form-row cad-form-row--3">
        <Field label="Region">{(p) => <Select id={(p as { id: string }).id} options={REGION_OPTIONS} value={f.region} placeholder="Select region" onChange={(v) => set({ region: v })} />}</Field>
        <Field label="Start Date" required>{(p) => <input type="date" className="cad-input" value={f.start_date} onChange={(e) => set({ start_date: e.target.value })} {...p} />}</Field>
        <Field label="End Date" required>{(p) => <input type="date" className="cad-input" value={f.end_date} onChange={(e) => set({ end_date: e.target.value })} {...p} />}</Field>
      </div>
      <div className="cad-form-row">
        <Field label="Location">{input('location')}</Field>
        <Field label="Venue">{input('venue')}</Field>
      </div>
      <Field label="Event URL">{input('event_url', 'url')}</Field>
      <div className="cad-dialog__footer">
        <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary" disabled={saving}>Add Event</button>
      </div>
    </form>
  );
}

/** 'Add New Event' with every field of spec §3 and the §5 required-field message. */
export function EventDialog(props: EventDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title="Add New Event">
      {props.open && <EventFormBody onOpenChange={props.onOpenChange} onSave={props.onSave} />}
    </Dialog>
  );
}
