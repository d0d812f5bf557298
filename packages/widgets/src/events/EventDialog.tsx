import { EVENT_AUDIENCES, EVENT_REGIONS, EVENT_TYPES, EVENT_VERTICALS, emptyEventForm, eventBody, type EventCreate } from '@cadence/core';
import type { ReactNode } from 'react';
import { CheckGroup } from '../ui/CheckGroup';
import { Dialog } from '../ui/Dialog';
import { Field, Select, type ControlProps } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';
import { toggleIn } from './event-rules';

export interface EventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: EventCreate) => Promise<unknown>;
}

const REGION_OPTIONS = EVENT_REGIONS.map((r) => [r, r] as const);

function EventFormBody({ onOpenChange, onSave }: Omit<EventDialogProps, 'open'>): ReactNode {
  const { form: f, set, errors, saving, onSubmit } = useFormSubmit({
    initial: emptyEventForm,
    check: eventBody,
    save: onSave,
    onSaved: () => onOpenChange(false),
  });
  const input = (key: 'name' | 'vertical_other' | 'location' | 'venue' | 'event_url' | 'start_date' | 'end_date', type = 'text') => (p: ControlProps) => (
    <input type={type} className="cad-input" value={f[key]} onChange={(e) => set({ [key]: e.target.value })} {...p} />
  );
  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      <Field label="Event Name" required error={errors.name}>{input('name')}</Field>
      <CheckGroup legend="Vertical" required options={EVENT_VERTICALS} value={f.vertical} error={errors.vertical} onToggle={(v) => set({ vertical: toggleIn(f.vertical, v) })} />
      {f.vertical.includes('other') && <Field label="Other vertical">{input('vertical_other')}</Field>}
      <CheckGroup legend="Audience" required options={EVENT_AUDIENCES} value={f.audience} error={errors.audience} onToggle={(v) => set({ audience: toggleIn(f.audience, v) })} />
      <CheckGroup legend="Type" required options={EVENT_TYPES} value={f.type} error={errors.type} onToggle={(v) => set({ type: toggleIn(f.type, v) })} />
      <div className="cad-form-row cad-form-row--3">
        <Field label="Region">{(p) => <Select {...p} options={REGION_OPTIONS} value={f.region} placeholder="Select region" onChange={(v) => set({ region: v })} />}</Field>
        <Field label="Start Date" required error={errors.start_date}>{input('start_date', 'date')}</Field>
        <Field label="End Date" required error={errors.end_date}>{input('end_date', 'date')}</Field>
      </div>
      <div className="cad-form-row">
        <Field label="Location">{input('location')}</Field>
        <Field label="Venue">{input('venue')}</Field>
      </div>
      <Field label="Event URL">{input('event_url', 'url')}</Field>
      <FormActions onCancel={() => onOpenChange(false)} saving={saving}>Add Event</FormActions>
    </form>
  );
}

/** 'Add New Event' with every field of docs/product.md#other-entities and the required-field message of docs/product.md#validation-events. */
export function EventDialog(props: EventDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title="Add New Event">
      {props.open && <EventFormBody onOpenChange={props.onOpenChange} onSave={props.onSave} />}
    </Dialog>
  );
}
