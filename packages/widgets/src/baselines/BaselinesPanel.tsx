import { canChangeBaseline, canListBaselines, type Baseline } from '@cadence/core';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';
import { momentLabel, problem } from './use-comparison';
import { useSavedBaselines } from './use-comparison';

export interface BaselinesPanelProps extends PageWidgetProps {
  /** Where "Compare on the timeline" goes for a baseline; default the dashboard's timeline comparing with it. */
  compareHref?: (b: Baseline) => string;
  /** Follows that link in the host's router (a plain click); without it the browser loads the address. */
  onOpen?: (href: string) => void;
}

/** An API error's field message, else the error's own words. */
const said = (e: unknown) => problem(e, e instanceof Error ? e.message : String(e));
const defaultHref = (b: Baseline) => `/?tab=timeline&compare=${encodeURIComponent(b.id)}`;

/**
 * Settings → Baselines (docs/adr/0063): the team's saved baselines, each with its moment and who
 * saved it. Its creator or an administrator renames it in place or deletes it (after confirmation,
 * with Undo: a baseline is only a name and a moment, so saving both again brings it back); everyone
 * else reads the list. Saving one is in "Compare with…", where the moment is chosen.
 */
export function BaselinesPanel(props: BaselinesPanelProps): ReactNode {
  return (
    <WidgetRoot name="BaselinesPanel" client={props.client} className={props.className}>
      <Panel headingLevel={props.headingLevel ?? 2} href={props.compareHref ?? defaultHref} {...(props.onOpen ? { onOpen: props.onOpen } : {})} />
    </WidgetRoot>
  );
}

function RenameForm({ baseline, done }: { baseline: Baseline; done: (renamed: boolean) => void }): ReactNode {
  const { client, store } = useCadence('BaselinesPanel');
  const [name, setName] = useState(baseline.name);
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await client.baselines.update(baseline.id, { name });
      store.invalidate('baselines');
      done(true);
    } catch (err) {
      setError(said(err));
    }
  };
  return (
    <form className="cad-baselines__rename" aria-label={`Rename ${baseline.name}`} onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && done(false)} noValidate>
      <Field label="Name" error={error}>
        {(p) => <input {...p} className="cad-input" value={name} maxLength={120} autoFocus onChange={(e) => setName(e.target.value)} />}
      </Field>
      <div className="cad-card__actions">
        <button type="button" className="cad-button" onClick={() => done(false)}>Cancel</button>
        <button type="submit" className="cad-button cad-button--primary">Save name</button>
      </div>
    </form>
  );
}

function Panel({ headingLevel, href, onOpen }: { headingLevel: 1 | 2; href: (b: Baseline) => string; onOpen?: (href: string) => void }): ReactNode {
  const { client, toast, store } = useCadence('BaselinesPanel');
  const { principal, ready } = useSession();
  const id = useId();
  const { baselines, loaded, error, refetch } = useSavedBaselines(true);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Baseline | null>(null);
  const reload = useCallback(() => store.invalidate('baselines'), [store]);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // An access key never lists them (they are people's): say so rather than load forever.
  const people = !ready || canListBaselines(principal);

  const remove = async (b: Baseline) => {
    try {
      await client.baselines.remove(b.id);
      reload();
      toast({
        title: 'Baseline deleted',
        description: `${b.name} (${momentLabel(b.at)})`,
        action: {
          label: 'Undo',
          onSelect: () => void client.baselines.create({ name: b.name, at: b.at }).then(reload, (err) =>
            toast({ title: 'Could not save the baseline again', description: said(err), variant: 'destructive' })),
        },
      });
    } catch (err) {
      toast({ title: 'Could not delete the baseline', description: said(err), variant: 'destructive' });
    }
  };

  const mayChangeAny = baselines.some((b) => canChangeBaseline(principal, b));
  return (
    <section className="cad-card cad-baselines" aria-labelledby={`${id}-title`} aria-busy={!loaded && !error}>
      <Heading id={`${id}-title`} className="cad-card__title">Baselines</Heading>
      <p className="cad-muted">
        Saved moments of the plan, the team’s, to compare today’s plan with (“Compare with…” on the timeline and the calendar, where new ones are saved).
        {loaded && baselines.length > 0 && !mayChangeAny && ' Only administrators and whoever saved a baseline can rename or delete it.'}
      </p>
      {!people && <p className="cad-muted">Saved baselines belong to people: sign in to see them.</p>}
      {people && (!ready || (!loaded && !error)) ? <p className="cad-muted" role="status">Loading the saved baselines…</p> : null}
      {error !== undefined && (
        <div role="alert" className="cad-baselines__error">
          <p>Could not load the saved baselines: {said(error)}</p>
          <button type="button" className="cad-button" onClick={refetch}>Try again</button>
        </div>
      )}
      {loaded && !baselines.length && <p className="cad-muted">No saved baselines yet</p>}
      {baselines.length > 0 && (
        <ul className="cad-templates__list" aria-label="Saved baselines">
          {baselines.map((b) => {
            const mine = canChangeBaseline(principal, b);
            return (
              <li key={b.id} className="cad-templates__row">
                {renaming === b.id ? (
                  <RenameForm baseline={b} done={(renamed) => { setRenaming(null); if (renamed) toast({ title: 'Baseline renamed' }); }} />
                ) : (
                  <>
                    <div className="cad-baselines__what">
                      <strong>{b.name}</strong>
                      <div className="cad-muted">
                        <time dateTime={b.at}>{momentLabel(b.at)}</time> · saved by {b.created_by_email ?? 'a deleted user'}
                      </div>
                    </div>
                    <div className="cad-card__actions">
                      <a className="cad-button" href={href(b)} aria-label={`Compare on the timeline with ${b.name}`}
                        onClick={(e) => {
                          // A plain click stays in the host's router; a modified one opens a tab as links do.
                          if (!onOpen || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                          e.preventDefault();
                          onOpen(href(b));
                        }}>Compare on the timeline</a>
                      {mine && <button type="button" className="cad-button" aria-label={`Rename ${b.name}`} onClick={() => setRenaming(b.id)}>Rename</button>}
                      {mine && <button type="button" className="cad-button cad-button--danger" aria-label={`Delete ${b.name}`} onClick={() => setDeleting(b)}>Delete</button>}
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(null)} role="alertdialog" size="sm" title="Delete baseline"
        description={deleting ? `Delete "${deleting.name}" (${momentLabel(deleting.at)})? The team can no longer compare with it, and history it alone kept may be pruned.` : ''}>
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => setDeleting(null)}>Cancel</button>
          <button type="button" className="cad-button cad-button--danger" onClick={() => { const b = deleting; setDeleting(null); if (b) void remove(b); }}>Delete baseline</button>
        </div>
      </Dialog>
    </section>
  );
}
