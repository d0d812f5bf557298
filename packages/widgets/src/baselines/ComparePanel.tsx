import { canSaveBaselines, type Baseline } from '@cadence/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { Field } from '../ui/Field';
import { momentLabel, problem, useSavedBaselines, type Comparison } from './use-comparison';

// The "Compare with…" popover's content (docs/adr/0063), loaded when it first opens (docs/adr/0067).

/** `<input type="datetime-local">`'s value for a moment, in the browser's zone. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

export function ComparePanel({ comparison, close }: { comparison: Comparison; close: () => void }): ReactNode {
  const { client, store } = useCadence();
  const { principal } = useSession();
  const { baselines, refetch } = useSavedBaselines(true);
  const [moment, setMoment] = useState(() => localInput(new Date(Date.now() - 7 * 86_400_000)));
  const [momentError, setMomentError] = useState<string>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const active = comparison.with;

  const compareAt = (e: FormEvent) => {
    e.preventDefault();
    const at = new Date(moment);
    if (!moment || Number.isNaN(at.getTime())) return setMomentError('Choose a date and time');
    if (at.getTime() > Date.now()) return setMomentError('Choose a moment that has passed');
    setMomentError(undefined);
    comparison.setWith({ at: at.toISOString(), label: momentLabel(at.toISOString()) });
    close();
  };
  const pick = (b: Baseline) => {
    comparison.setWith({ baseline: b.id, label: b.name });
    close();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!active) return;
    setSaving(true);
    try {
      const at = 'at' in active ? active.at : comparison.result?.at ?? new Date().toISOString();
      const saved = await client.baselines.create({ name, at });
      store.invalidate('baselines');
      refetch();
      setName('');
      setNameError(undefined);
      comparison.setWith({ baseline: saved.id, label: saved.name });
      close();
    } catch (err) {
      setNameError(problem(err, 'Could not save the baseline'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="cad-compare__panel">
      <form onSubmit={compareAt} className="cad-compare__form">
        <Field label="Compare with the plan as it was at" error={momentError}>
          {(p) => <input {...p} type="datetime-local" step={1} className="cad-input" value={moment} onChange={(e) => setMoment(e.target.value)} />}
        </Field>
        <button type="submit" className="cad-button cad-button--primary">Compare</button>
      </form>
      {baselines.length > 0 && (
        <section aria-label="Saved baselines">
          <h3 className="cad-compare__heading">Saved baselines</h3>
          <ul className="cad-compare__list">
            {baselines.map((b) => (
              <li key={b.id}>
                <button type="button" className="cad-link-button" aria-pressed={!!active && 'baseline' in active && active.baseline === b.id} onClick={() => pick(b)}>
                  {b.name}
                </button>{' '}
                <span className="cad-compare__when">{momentLabel(b.at)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {active && 'at' in active && canSaveBaselines(principal) && (
        <form onSubmit={save} className="cad-compare__form">
          <Field label="Save this moment as a baseline named" error={nameError}>
            {(p) => <input {...p} className="cad-input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <button type="submit" className="cad-button" disabled={saving}>Save as baseline</button>
        </form>
      )}
      {active && (
        <button type="button" className="cad-button cad-button--ghost" onClick={() => { comparison.setWith(null); close(); }}>
          Clear comparison
        </button>
      )}
    </div>
  );
}

