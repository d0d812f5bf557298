/*
 * Writing CSV (exports, templates, a converted upload). Apart from the reader (csv.ts), so that a
 * page that only writes CSV does not carry csv-parse.
 */

const NEEDS_QUOTES = /[",\r\n]/;
// OWASP CSV injection: a spreadsheet runs a cell starting with these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeCell(value: string | null | undefined, guardFormulas: boolean): string {
  const raw = value ?? '';
  const safe = guardFormulas && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CRLF line ends as RFC 4180 and Excel expect, with a final line break. Cells that a
 * spreadsheet would run as formulas get a leading `'` unless `guardFormulas` is false
 * (for CSV that only a program reads, such as a converted upload).
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>, options: { guardFormulas?: boolean } = {}): string {
  const guard = options.guardFormulas ?? true;
  return rows.map((row) => row.map((cell) => escapeCell(cell, guard)).join(',') + '\r\n').join('');
}

/** Undoes the formula guard of `toCsv` on one cell read back from an export. */
export const unguardCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
