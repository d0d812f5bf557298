import type { CsvRecord } from '../csv';

export { isBlankRecord } from '../csv';

export const IMPORT_KINDS = ['prospective-publications', 'campaigns', 'events'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A line that stops the file (all or nothing): where, which field, what is wrong. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

/** A line left out of the import, and why (docs/product.md#bulk-upload "skipped"). */
export interface ImportWarning {
  line: number;
  reason: string;
}

/** The report of reading a file, by line: rows that can be saved, lines that stop it, lines left out. */
export interface LineReport {
  rows: number;
  errors: ImportProblem[];
  warnings: ImportWarning[];
}

/** Where each of a spec's columns is in a record (-1: not in the file). */
export type Layout = readonly number[];

/** A data record's cells by column, trimmed; null for an empty cell or an absent column. */
export type Cells = Record<string, string | null>;

/** normalise's answer for a line that is left out (reported, not refused). */
export class Skip {
  constructor(readonly reason: string) {}
}

export type Checked<Row> = { row: Row } | { problems: Array<{ field: string; message: string }> };

/**
 * One import kind, whatever the file's format: its columns, and the three steps a data record
 * goes through — parse (the header says which cell is which column), normalise (cells to
 * values: lists split, web addresses found; or the reason the line is left out) and check
 * (the schema's verdict). The server runs it on every upload; nothing else checks a file.
 */
export interface ImportSpec<Value = unknown, Row = Value> {
  kind: ImportKind;
  /** What the rows are, in messages and logs. */
  label: string;
  /** The header of the template and of an export, in order. */
  columns: readonly string[];
  /** Rows of the template after the header. */
  example: ReadonlyArray<readonly string[]>;
  /** How the header lays out the columns, or why the file cannot be read. */
  layout(header: readonly string[]): Layout | { error: string };
  normalise(cells: Cells): Value | Skip;
  check(value: Value): Checked<Row>;
  /** skip_existing: what makes two rows the same, as a key; what it is called; the reason a stored one gives. */
  identity: { of(row: Row): string; label: string; exists: string };
}

/** parse: a record's cells by the spec's columns. */
export function parseRecord(columns: readonly string[], layout: Layout, fields: readonly string[]): Cells {
  const cells: Cells = {};
  for (let i = 0; i < columns.length; i++) {
    const at = layout[i]!;
    const raw = at < 0 ? undefined : fields[at];
    const value = raw === undefined || raw === '' ? null : raw.trim();
    cells[columns[i]!] = value === '' ? null : value;
  }
  return cells;
}

/** Records as the JSON of `{rows: [...]}` gives them: a header, then a line per row from 2 on. */
export function recordsOfRows(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): CsvRecord[] {
  const cell = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));
  return [{ line: 1, fields: [...columns] }, ...rows.map((row, i) => ({ line: i + 2, fields: columns.map((c) => cell(row[c])) }))];
}
