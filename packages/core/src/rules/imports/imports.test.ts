import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../constants';
import { prospectiveCreateSchema } from '../../schemas/industry';
import { csvRecordBatches, parseCsvRecords, type CsvRecord } from '../csv';
import { toCsv } from '../csv-write';
import { checkProspectiveRow, PROSPECTIVE_IMPORT, PROSPECTIVE_MAX_LENGTH, type ProspectiveValue } from './prospective';
import { ImportReader } from './reader';
import { recordsOfRows, type ImportSpec } from './spec';
import { CAMPAIGN_IMPORT, EVENT_IMPORT } from './tables';

/** A spec's reading of records: the rows that passed, by line, and the report. */
async function read<Row>(spec: ImportSpec<any, Row>, records: CsvRecord[] | AsyncIterable<CsvRecord[]>) {
  const rows: Array<{ line: number; row: Row }> = [];
  const reader = new ImportReader(spec, (row, line) => rows.push({ line, row }));
  await reader.read(Array.isArray(records) ? [records] : records);
  return { rows, report: reader.report(), refusal: reader.refusal(), error: reader.error, count: reader.errorCount };
}
const table = (rows: string[][]) => parseCsvRecords(toCsv(rows));

describe('campaign and event specs', () => {
  it('should read the campaign template, splitting lists, applying defaults and the scope rule', async () => {
    const r = await read(CAMPAIGN_IMPORT, table([[...CAMPAIGN_IMPORT.columns], ...CAMPAIGN_IMPORT.example.map((e) => [...e])]));
    expect(r.report.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ line: 2, row: { title: 'Spring newsletter', channels: ['email', 'social'], end_date: '2026-04-15', kpis: ['Open rate', 'Sign-ups'] } });
    // Channel scope keeps exactly its primary channel (docs/architecture.md#row-shapes), as a create does.
    expect(r.rows[1]?.row).toMatchObject({ scope: 'channel', primary_channel: 'seo', channels: ['seo'], status: 'in-progress' });
  });

  it('should name every bad line and field, ignore blank lines, and pass nothing on after the first', async () => {
    const r = await read(EVENT_IMPORT, table([
      ['name', 'vertical', 'audience', 'start_date', 'end_date', 'type'],
      ['Expo', 'water', 'owners', '2026-01-01', '2026-01-02', 'exhibit'],
      ['', '', '', '', '', ''],
      ['Bad', 'space', 'owners', '01/02/2026', '2026-01-02', 'exhibit'],
      ['Late', 'water', 'owners', '2026-01-01', '2026-01-02', 'exhibit'],
    ]));
    expect(r.rows.map((x) => x.line)).toEqual([2]);
    expect(r.report.errors.map((e) => `${e.line} ${e.field}`)).toEqual(['4 vertical.0', '4 start_date']);
    expect(r.refusal).toMatch(/^Line 4: vertical\.0: .+ \(and 1 more problem\(s\); nothing was imported\)$/);
  });

  it('should refuse unknown and missing columns by name, as the file’s error', async () => {
    const r = await read(CAMPAIGN_IMPORT, table([['title', 'colour'], ['x', 'red']]));
    expect(r.error).toMatch(/^Line 1: Unknown column\(s\): colour .*; Missing required column\(s\): planning_start_date, live_date$/);
    expect(r.rows).toEqual([]);
  });

  it('should read back cells an export guarded against formulas', async () => {
    const r = await read(CAMPAIGN_IMPORT, table([['title', 'planning_start_date', 'live_date'], ['=SUM(A1)', '2026-01-01', '2026-01-02']]));
    expect(r.rows[0]?.row.title).toBe('=SUM(A1)');
  });

  it('should refuse a file with a header and no rows', async () => {
    expect((await read(EVENT_IMPORT, table([[...EVENT_IMPORT.columns]]))).error).toBe('File must contain at least a header row and one data row');
  });
});

describe('prospective publications spec', () => {
  it('should read columns by position from a stream, leaving out rows without a name', async () => {
    async function* pieces() {
      yield 'Name,Region,Industry,Audience,Website\n"Power, Weekly",NA,Energy,,see power.example/ads\n';
      yield ',EMEA\n\nPlain';
    }
    const r = await read(PROSPECTIVE_IMPORT, csvRecordBatches(pieces()));
    expect(r.rows).toEqual([
      { line: 2, row: expect.objectContaining({ name: 'Power, Weekly', region: 'NA', website: 'power.example/ads', notes: null }) },
      { line: 5, row: expect.objectContaining({ name: 'Plain', region: null }) },
    ]);
    expect(r.report.warnings).toEqual([{ line: 3, reason: 'Name is empty' }]);
  });

  it('should refuse a file that is not CSV as a whole, at the line it stops, whatever was read before', async () => {
    async function* pieces() {
      yield 'Name,Region\nAcme,NA\n';
      yield 'Beta,"EMEA\nGamma,NA\n';
    }
    const r = await read(PROSPECTIVE_IMPORT, csvRecordBatches(pieces()));
    expect(r.error).toBe('Line 3: A quoted value is not closed: a closing " is missing');
    expect(r.refusal).toBe(r.error);
  });

  it('should refuse a file whose rows all lack a name', async () => {
    expect((await read(PROSPECTIVE_IMPORT, parseCsvRecords('Name,Region\n,NA\n'))).error).toBe('No valid publications found in file');
  });

  it('should read {rows} given as JSON like the lines of a file', async () => {
    const r = await read(PROSPECTIVE_IMPORT, recordsOfRows(PROSPECTIVE_IMPORT.columns, [{ name: 'A', website: 'https://a.example' }, { name: 'B', notes: 'n' }]));
    expect(r.rows.map((x) => [x.line, x.row.name, x.row.website, x.row.notes])).toEqual([
      [2, 'A', 'https://a.example', null],
      [3, 'B', null, 'n'],
    ]);
  });
});

describe('checkProspectiveRow', () => {
  const fields = Object.keys(PROSPECTIVE_MAX_LENGTH) as Array<keyof typeof PROSPECTIVE_MAX_LENGTH>;
  // Values as the CSV reader gives them: trimmed and non-empty, or null; lengths around each limit.
  const value = (max: number) =>
    fc.oneof(
      fc.constant(null),
      fc.integer({ min: 1, max: 4 }).map((n) => 'x'.repeat(n)),
      fc.integer({ min: max - 2, max: max + 2 }).map((n) => 'y'.repeat(n)),
    );
  const row = fc.record(Object.fromEntries(fields.map((f) => [f, f === 'name' ? value(PROSPECTIVE_MAX_LENGTH.name).map((v) => v ?? 'n') : value(PROSPECTIVE_MAX_LENGTH[f])])) as Record<string, fc.Arbitrary<string | null>>);

  it('should give the schema’s verdict, field and message on every row, without running it on good rows', () => {
    fc.assert(
      fc.property(row, (r) => {
        const parsed = prospectiveCreateSchema.safeParse(r);
        const got = checkProspectiveRow(r as unknown as ProspectiveValue);
        if (parsed.success) expect(got).toBeNull();
        else expect(got).toEqual({ field: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message });
      }),
      { numRuns: 2000 },
    );
    expect(PROSPECTIVE_MAX_LENGTH.name).toBe(LIMITS.titleMaxLength);
  });

  it('should refuse a NUL character by field, which PostgreSQL cannot store', () => {
    expect(checkProspectiveRow({ name: 'Ok', region: null, industry: null, audience: null, website: null, media_kit_link: null, contacts: 'a\0b', notes: null })).toEqual({
      field: 'contacts',
      message: 'Contains a NUL character, which cannot be stored',
    });
  });
});
