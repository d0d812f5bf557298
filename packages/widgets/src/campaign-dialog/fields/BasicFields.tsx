import { CAMPAIGN_STATUSES, statusLabel, type FieldErrors } from '@cadence/core';
import type { ReactNode } from 'react';
import type { CampaignForm } from '../form-state';
import { Field, Select } from '../../ui/Field';

const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((s) => [s, statusLabel(s)] as const);

export interface SectionProps {
  form: CampaignForm;
  set: (patch: Partial<CampaignForm>) => void;
  errors?: FieldErrors;
}

export function BasicFields({ form, set, errors = {} }: SectionProps): ReactNode {
  return (
    <>
      <Field label="Campaign Title" required error={errors.title}>
        {(p) => <input className="cad-input" required value={form.title} onChange={(e) => set({ title: e.target.value })} {...p} />}
      </Field>
      <Field label="Description">
        {(p) => <textarea className="cad-input" rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} {...p} />}
      </Field>
      <div className="cad-form-row">
        <Field label="Status">{(p) => <Select options={STATUS_OPTIONS} value={form.status} onChange={(v) => v && set({ status: v })} {...p} />}</Field>
        <Field label="Campaign Owner">
          {(p) => <input className="cad-input" value={form.owner} onChange={(e) => set({ owner: e.target.value })} {...p} />}
        </Field>
      </div>
      <div className="cad-form-row cad-form-row--3">
        <Field label="Planning Start Date" required error={errors.planning_start_date}>
          {(p) => (
            <input type="date" className="cad-input" required value={form.planning_start_date}
              onChange={(e) => e.target.value && set({ planning_start_date: e.target.value })} {...p} />
          )}
        </Field>
        <Field label="Live Date" required error={errors.live_date}>
          {(p) => (
            <input type="date" className="cad-input" required value={form.live_date}
              onChange={(e) => e.target.value && set({ live_date: e.target.value })} {...p} />
          )}
        </Field>
        <Field label="End Date" hint="Leave blank for ongoing campaigns">
          {(p) => (
            <div className="cad-inline">
              <input type="date" className="cad-input" value={form.end_date ?? ''} onChange={(e) => set({ end_date: e.target.value || null })} {...p} />
              {form.end_date ? (
                <button type="button" className="cad-button cad-button--ghost" onClick={() => set({ end_date: null })}>
                  Clear end date
                </button>
              ) : (
                <span className="cad-badge cad-badge--outline">Ongoing</span>
              )}
            </div>
          )}
        </Field>
      </div>
    </>
  );
}
