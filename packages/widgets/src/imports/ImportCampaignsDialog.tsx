import { CAMPAIGN_IMPORT_COLUMNS, CAMPAIGN_IMPORT_EXAMPLE, CadenceApiError, toCsv, type ImportReport } from '@cadence/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { downloadText } from '../ui/download';

export interface ImportCampaignsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a file was saved, with the server's report. */
  onImported?: (report: ImportReport) => void;
}

/** The server's verdict on the file: ready (a dry run's report) or refused, every line it named. */
type Verdict = { kind: 'ready'; report: ImportReport } | { kind: 'refused'; message: string; lines: string[] };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "line 3.live_date" → "Line 3, live_date: …" (the paths of an import's refusal). */
function lineText(path: string, message: string): string | null {
  const m = /^line (\d+)(?:\.(.+))?$/.exec(path);
  if (!m) return null;
  return `Line ${m[1]}${m[2] ? `, ${m[2]}` : ''}: ${message}`;
}

/** A refusal the person can act on (the file's problems, their rights, its size or type); anything else is not the file's fault. */
function refusalOf(err: unknown): Verdict | null {
  if (!(err instanceof CadenceApiError) || ![400, 403, 409, 413, 415].includes(err.status)) return null;
  const lines = err.details.map((d) => lineText(d.path, d.message)).filter((l): l is string => l !== null);
  return { kind: 'refused', message: err.message, lines };
}

const TEMPLATE_NAME = 'campaigns_template.csv';

/**
 * Import campaigns from a CSV or .xlsx file (docs/adr/0070): the file is checked first by the
 * server's dry run, which reads every line as the import would (fields, rights, approvals and the
 * planning rules' blocks), so the person sees each refused line, or how many campaigns will be
 * made, before anything is saved. The import itself is all or nothing.
 */
export function ImportCampaignsDialog({ open, onOpenChange, onImported }: ImportCampaignsDialogProps): ReactNode {
  const { client, toast } = useCadence('ImportCampaignsDialog');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [skipExisting, setSkipExisting] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setVerdict(null);
    setFailure(null);
  }, [open]);

  const send = async (dryRun: boolean): Promise<ImportReport | null> => {
    if (!file) return null;
    setBusy(dryRun ? 'checking' : 'importing');
    setFailure(null);
    try {
      return await client.campaigns.importFile(file, { dryRun, skipExisting });
    } catch (err) {
      const refused = refusalOf(err);
      if (refused) setVerdict(refused);
      else setFailure(err instanceof Error ? `The file could not be sent: ${err.message}` : 'The file could not be sent');
      return null;
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    const report = await send(true);
    if (report) setVerdict({ kind: 'ready', report });
  };

  const save = async () => {
    const report = await send(false);
    if (!report) return;
    toast({ title: `Imported ${plural(report.imported, 'campaign')}`, ...(report.skipped.length ? { description: `${plural(report.skipped.length, 'line')} skipped` } : {}) });
    onImported?.(report);
    onOpenChange(false);
  };

  const ready = verdict?.kind === 'ready' ? verdict.report : null;
  const changeFile = (next: File | null) => {
    setFile(next);
    setVerdict(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import campaigns" size="md"
      description="A CSV or Excel (.xlsx) file with a header row and one campaign per line. Nothing is saved until every line passes.">
      <div className="cad-dialog__body cad-form">
        <p className="cad-muted">
          Columns by name: {CAMPAIGN_IMPORT_COLUMNS.join(', ')}. Title, planning start and live date are required.{' '}
          <button type="button" className="cad-link-button" onClick={() => downloadText(TEMPLATE_NAME, toCsv([[...CAMPAIGN_IMPORT_COLUMNS], ...CAMPAIGN_IMPORT_EXAMPLE]))}>
            Download template
          </button>
        </p>
        <Field label="File (.csv, .xlsx)" required>
          {(p) => <input {...p} type="file" accept=".csv,.xlsx,text/csv" className="cad-input" disabled={!!busy} onChange={(e) => changeFile(e.target.files?.[0] ?? null)} />}
        </Field>
        <label className="cad-check">
          <input type="checkbox" checked={skipExisting} disabled={!!busy} onChange={(e) => { setSkipExisting(e.target.checked); setVerdict(null); }} />{' '}
          Skip campaigns that already exist (same title and live date)
        </label>
        <div aria-live="polite" id={`${id}-verdict`}>
          {busy === 'checking' && <p className="cad-muted">Checking every line…</p>}
          {busy === 'importing' && <p className="cad-muted">Importing…</p>}
          {ready && !busy && (
            <div className="cad-import-verdict">
              <p>
                {ready.imported ? `${plural(ready.imported, 'campaign')} ready to import.` : 'No campaign to import.'}
                {ready.skipped.length > 0 && ` ${plural(ready.skipped.length, 'line')} will be skipped:`}
              </p>
              {ready.skipped.length > 0 && (
                <ul className="cad-import-verdict__lines">
                  {ready.skipped.map((s) => <li key={s.line}>Line {s.line}: {s.reason}</li>)}
                </ul>
              )}
            </div>
          )}
        </div>
        {verdict?.kind === 'refused' && !busy && (
          <div role="alert" className="cad-import-verdict cad-import-verdict--refused">
            {/* One line: the server's sentence names it (and its title); more: each line in a list. */}
            <p className="cad-field__error">
              {verdict.lines.length > 1 ? `Nothing was imported: ${verdict.lines.length} lines to fix.` : `Nothing was imported. ${verdict.message}`}
            </p>
            {verdict.lines.length > 1 && (
              <ul className="cad-import-verdict__lines">
                {verdict.lines.map((l) => <li key={l}>{l}</li>)}
              </ul>
            )}
          </div>
        )}
        {failure && <p className="cad-field__error" role="alert">{failure}</p>}
        <div className="cad-dialog__footer">
          <button type="button" className="cad-button" onClick={() => onOpenChange(false)}>Cancel</button>
          {ready && ready.imported > 0 ? (
            <button type="button" className="cad-button cad-button--primary" disabled={!!busy} onClick={() => void save()}>
              {busy === 'importing' ? 'Importing…' : `Import ${plural(ready.imported, 'campaign')}`}
            </button>
          ) : (
            <button type="button" className="cad-button cad-button--primary" disabled={!file || !!busy} onClick={() => void check()}>
              {busy === 'checking' ? 'Checking…' : 'Check file'}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
