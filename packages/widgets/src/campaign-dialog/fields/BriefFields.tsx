import type { ReactNode } from 'react';
import type { CampaignForm } from '../form-state';
import type { SectionProps } from './BasicFields';
import { Field } from '../../ui/Field';

type BriefKey = 'summary' | 'goals' | 'audiences' | 'project_leader' | 'project_team_members' | 'kpis' | 'deliverables' | 'landing_page_urls';

const COMMAS = 'Separate with commas';
const BRIEF: ReadonlyArray<{ key: BriefKey; label: string; hint?: string; multiline?: boolean }> = [
  { key: 'summary', label: 'Campaign Summary', multiline: true },
  { key: 'goals', label: 'Goals & Objectives', multiline: true },
  { key: 'audiences', label: 'Target Audiences', hint: COMMAS },
  { key: 'project_leader', label: 'Project Leader' },
  { key: 'project_team_members', label: 'Team Members', hint: COMMAS },
  { key: 'kpis', label: 'Key Performance Indicators', hint: COMMAS },
  { key: 'deliverables', label: 'Key Deliverables', hint: COMMAS },
  { key: 'landing_page_urls', label: 'Landing Page URLs', hint: 'One per line, or separated with commas', multiline: true },
];

/** The creative brief: free text, and lists split on commas (URLs on lines or commas). */
export function BriefFields({ form, set }: SectionProps): ReactNode {
  return (
    <section className="cad-form-section" aria-label="Creative Brief">
      <h3 className="cad-form-section__title">Creative Brief</h3>
      {BRIEF.map(({ key, label, hint, multiline }) => (
        <Field key={key} label={label} {...(hint ? { hint } : {})}>
          {(p) =>
            multiline ? (
              <textarea className="cad-input" rows={3} value={form[key]} onChange={(e) => set({ [key]: e.target.value } as Partial<CampaignForm>)} {...p} />
            ) : (
              <input className="cad-input" value={form[key]} onChange={(e) => set({ [key]: e.target.value } as Partial<CampaignForm>)} {...p} />
            )
          }
        </Field>
      ))}
    </section>
  );
}
