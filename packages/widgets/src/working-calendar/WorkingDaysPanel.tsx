import { CadenceApiError, can, todayYmd, type CadenceAdminClient, type ClosedDay, type WorkingCalendarData } from '@cadence/core';
import { useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { useSession } from '../provider/session';
import { useQuery } from '../provider/use-query';
import { Dialog } from '../ui/Dialog';
import { Field, Select } from '../ui/Field';
import { WidgetRoot, type PageWidgetProps } from '../ui/WidgetRoot';

export type WorkingDaysPanelProps = PageWidgetProps;

/** Monday first, as the API numbers them (0 = Monday … 6 = Sunday). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const KINDS = [['holiday', 'Holiday'], ['blackout', 'Blackout']] as const;
const kindLabel = (k: ClosedDay['kind']) => (k === 'blackout' ? 'Blackout' : 'Holiday');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof CadenceApiError && err.details.length ? Object.fromEntries(err.details.map((d) => [d.path.split('.')[0] || 'form', d.message])) : { form: messageOf(err) };
const longDate = (ymd: string) =>
  new Date(`${ymd}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** The file's text (FileReader where Blob#text is missing, e.g. older embedding browsers). */
const readText = (file: Blob): Promise<string> =>
  typeof file.text === 'function'
    ? file.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result ?? ''));
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
        reader.readAsText(file);
      });

interface AddDraft {
  day: string;
  label: string;
  kind: ClosedDay['kind'];
}
const EMPTY_ADD: AddDraft = { day: '', label: '', kind: 'holiday' };

/**
 * Settings → Working days (docs/adr/0052), for administrators: the weekend, the closed days
 * (public holidays and company blackout dates, upcoming first) added by hand or from an .ics file,
 * and reopening a day after confirmation with Undo in its toast. Template offsets and re-planning
 * skip these days; the calendar and the Gantt shade them.
 */
export function WorkingDaysPanel(props: WorkingDaysPanelProps): ReactNode {
  return (
    <WidgetRoot name="WorkingDaysPanel" client={props.client} className={props.className}>
      <Panel headingLevel={props.headingLevel ?? 2} />
    </WidgetRoot>
  );
}

/** The panel lists every closed day: the whole range the server keeps. */
const EVERY_DAY = { from: '1900-01-01', to: '2999-12-31' };

function Panel({ headingLevel }: { headingLevel: 1 | 2 }): ReactNode {
  const { client, toast, now, store } = useCadence('WorkingDaysPanel');
  const session = useSession();
  const admin = session.ready && can(session.principal, 'administer', 'user');
  const api = client.workingCalendar as CadenceAdminClient['workingCalendar'];
  const id = useId();
  const [weekend, setWeekend] = useState<number[]>([]);
  const [weekendError, setWeekendError] = useState<string | null>(null);
  const [savingWeekend, setSavingWeekend] = useState(false);
  const [add, setAdd] = useState<AddDraft>(EMPTY_ADD);
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [importKind, setImportKind] = useState<ClosedDay['kind']>('holiday');
  const [importError, setImportError] = useState<string | null>(null);
  const [importResult, setImportResult] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [reopening, setReopening] = useState<ClosedDay | null>(null);
  const [showPast, setShowPast] = useState(false);

  // In the provider's cache under the calendars' own kind: another administrator's change reaches
  // it over the feed (the working_calendar topic), and a change made here refreshes every window.
  const [loadError, setLoadError] = useState<string | null>(null);
  const fetcher = useCallback(() => api.get(EVERY_DAY), [api]);
  const onLoadError = useCallback((err: unknown) => setLoadError(`The working calendar could not be loaded: ${messageOf(err)}`), []);
  const query = useQuery<WorkingCalendarData>(admin ? ['workingCalendar', EVERY_DAY] : null, fetcher, onLoadError);
  const data = query.data ?? null;
  const savedWeekend = data?.weekend.join(',');
  useEffect(() => {
    if (data) {
      setWeekend(data.weekend);
      setLoadError(null);
    }
    // The saved weekend, not each new answer, resets the form's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedWeekend]);
  const load = useCallback(async () => {
    setLoadError(null);
    store.invalidate('workingCalendar');
  }, [store]);

  if (!session.ready || !admin) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const today = todayYmd(now());
  const upcoming = data?.closed_days.filter((d) => d.day >= today) ?? [];
  const past = (data?.closed_days.filter((d) => d.day < today) ?? []).reverse();

  const saveWeekend = async (e: FormEvent) => {
    e.preventDefault();
    setWeekendError(null);
    setSavingWeekend(true);
    try {
      const got = await api.setWeekend(weekend);
      setWeekend(got.weekend);
      store.invalidate('workingCalendar');
      toast({ title: 'Weekend saved', description: got.weekend.length ? `Nobody works on ${got.weekend.map((d) => WEEKDAYS[d]).join(', ')}.` : 'Every day of the week is a working day.' });
    } catch (err) {
      setWeekendError(err instanceof CadenceApiError && err.details.length ? err.details[0]!.message : messageOf(err));
    } finally {
      setSavingWeekend(false);
    }
  };
  const toggleDay = (d: number, on: boolean) => {
    setWeekendError(null);
    setWeekend((w) => (on ? [...new Set([...w, d])].sort((a, b) => a - b) : w.filter((x) => x !== d)));
  };

  const addDay = async (e: FormEvent) => {
    e.preventDefault();
    setAddErrors({});
    try {
      const made = await api.close({ day: add.day, label: add.label, kind: add.kind });
      toast({ title: 'Day closed', description: `${longDate(made.day)}: ${made.label} (${kindLabel(made.kind)})` });
      setAdd(EMPTY_ADD);
      await load();
    } catch (err) {
      setAddErrors(err instanceof CadenceApiError && err.status === 409 ? { day: err.message } : fieldErrors(err));
    }
  };

  const reopen = async (d: ClosedDay) => {
    try {
      await api.reopen(d.day);
      await load();
      toast({
        title: 'Day reopened',
        description: `${longDate(d.day)}: ${d.label} is a working day again.`,
        action: {
          label: 'Undo',
          onSelect: () =>
            void api.close({ day: d.day, label: d.label, kind: d.kind }).then(load, (err) => toast({ title: 'Could not close the day again', description: messageOf(err), variant: 'destructive' })),
        },
      });
    } catch (err) {
      toast({ title: 'Could not reopen the day', description: messageOf(err), variant: 'destructive' });
    }
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setImportError(null);
    setImportResult(null);
    setImporting(true);
    try {
      const text = await readText(file);
      const got = await api.importIcs(text, importKind);
      setImportResult(
        `Added ${plural(got.added.length, 'day')}; ${got.already_closed.length} already closed; ${plural(got.skipped.length, 'timed event')} skipped.`,
      );
      await load();
    } catch (err) {
      setImportError(err instanceof CadenceApiError && err.details.length ? err.details[0]!.message : messageOf(err));
    } finally {
      setImporting(false);
    }
  };

  const dayRow = (d: ClosedDay) => (
    <li key={d.day} className="cad-templates__row">
      <div>
        <strong>{longDate(d.day)}</strong> <span>{d.label}</span>
        <div className="cad-muted">
          {kindLabel(d.kind)}
          {d.source === 'ics' ? ' · from an .ics file' : ''}
        </div>
      </div>
      <button type="button" className="cad-button cad-button--danger" aria-label={`Reopen ${d.day} ${d.label}`} onClick={() => setReopening(d)}>
        Reopen
      </button>
    </li>
  );

  return (
    <section className="cad-card cad-working-days" aria-labelledby={`${id}-title`} aria-busy={!data && !loadError}>
      <Heading id={`${id}-title`} className="cad-card__title">Working days</Heading>
      <p className="cad-muted">Template offsets and re-planning skip the weekend and closed days; the calendar and the Gantt shade them.</p>
      {loadError && (
        <div role="alert">
          <p className="cad-field__error">{loadError}</p>
          <button type="button" className="cad-button" onClick={() => void load()}>Try again</button>
        </div>
      )}
      {!data && !loadError && <p className="cad-muted" role="status">Loading the working calendar…</p>}
      {data && (
        <>
          <form className="cad-form" onSubmit={(e) => void saveWeekend(e)} noValidate>
            <fieldset aria-describedby={weekendError ? `${id}-weekend-error` : undefined} aria-invalid={weekendError ? true : undefined}>
              <legend>Weekend (days nobody works)</legend>
              <div className="cad-working-days__weekdays">
                {WEEKDAYS.map((name, d) => (
                  <label key={name} className="cad-check">
                    <input type="checkbox" checked={weekend.includes(d)} onChange={(e) => toggleDay(d, e.target.checked)} /> {name}
                  </label>
                ))}
              </div>
              {weekendError && <p id={`${id}-weekend-error`} className="cad-field__error">{weekendError}</p>}
            </fieldset>
            <p>
              <button type="submit" className="cad-button cad-button--primary" disabled={savingWeekend}>Save weekend</button>
            </p>
          </form>

          <h3>Closed days</h3>
          <form className="cad-form cad-working-days__add" onSubmit={(e) => void addDay(e)} noValidate aria-label="Close a day">
            {addErrors.form && <p className="cad-field__error" role="alert">{addErrors.form}</p>}
            <Field label="Date" required error={addErrors.day}>
              {(p) => <input {...p} type="date" className="cad-input" value={add.day} onChange={(e) => setAdd({ ...add, day: e.target.value })} />}
            </Field>
            <Field label="Label" required hint='e.g. "Christmas Day"' error={addErrors.label}>
              {(p) => <input {...p} className="cad-input" value={add.label} maxLength={200} onChange={(e) => setAdd({ ...add, label: e.target.value })} />}
            </Field>
            <Field label="Kind" error={addErrors.kind}>
              {(p) => <Select {...p} value={add.kind} options={KINDS} onChange={(v) => setAdd({ ...add, kind: (v || 'holiday') as ClosedDay['kind'] })} />}
            </Field>
            <p>
              <button type="submit" className="cad-button cad-button--primary">Close day</button>
            </p>
          </form>

          <div className="cad-form cad-working-days__import">
            <Field label="Import an .ics file" hint="All-day events close their days; days closed already stay as they are." error={importError ?? undefined}>
              {(p) => <input {...p} type="file" accept=".ics,text/calendar" className="cad-input" disabled={importing} onChange={(e) => void importFile(e)} />}
            </Field>
            <Field label="Imported days are">
              {(p) => <Select {...p} value={importKind} options={KINDS} onChange={(v) => setImportKind((v || 'holiday') as ClosedDay['kind'])} />}
            </Field>
            <p role="status" className="cad-muted">{importing ? 'Importing…' : importResult ?? ''}</p>
          </div>

          <h4>Upcoming</h4>
          {!upcoming.length && <p className="cad-muted">{data.closed_days.length ? 'No upcoming closed days.' : 'No closed days yet.'}</p>}
          {upcoming.length > 0 && <ul className="cad-templates__list" aria-label="Upcoming closed days">{upcoming.map(dayRow)}</ul>}
          {past.length > 0 && (
            <>
              <button type="button" className="cad-button" aria-expanded={showPast} aria-controls={`${id}-past`} onClick={() => setShowPast((s) => !s)}>
                {showPast ? 'Hide past closed days' : `Show past closed days (${past.length})`}
              </button>
              {showPast && <ul id={`${id}-past`} className="cad-templates__list" aria-label="Past closed days">{past.map(dayRow)}</ul>}
            </>
          )}
        </>
      )}

      <Dialog
        open={!!reopening}
        onOpenChange={(o) => !o && setReopening(null)}
        role="alertdialog"
        size="sm"
        title="Reopen day"
        description={reopening ? `Make ${longDate(reopening.day)} (${reopening.label}) a working day again? You can undo this from the message that follows.` : ''}
      >
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => setReopening(null)}>Cancel</button>
          <button
            type="button"
            className="cad-button cad-button--danger"
            onClick={() => {
              const d = reopening;
              setReopening(null);
              if (d) void reopen(d);
            }}
          >
            Reopen day
          </button>
        </div>
      </Dialog>
    </section>
  );
}
