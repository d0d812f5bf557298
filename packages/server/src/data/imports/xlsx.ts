import type { CsvRecord } from '@cadence/core';
import type { Readable } from 'node:stream';
import { validationFailed } from '../../errors';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spreadsheet cells as text: dates as YYYY-MM-DD (Excel keeps them as UTC midnights). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  return String(value);
}

/**
 * The first sheet of an .xlsx as records, a sheet row to a line, so lines are named as in a CSV
 * saved from it. read-excel-file takes the upload as a stream but unpacks the archive whole (the
 * format keeps what a sheet needs at its end); the upload's byte limit bounds that.
 */
export async function xlsxRecords(input: Readable | Buffer): Promise<CsvRecord[]> {
  const { readSheet } = await import('read-excel-file/node');
  let rows: unknown[][];
  try {
    rows = (await readSheet(input)) as unknown[][];
  } catch (err) {
    if ((err as { status?: unknown }).status) throw err; // the upload's own refusal (413, 400)
    const message = `Not a readable .xlsx file: ${(err as Error).message}`;
    throw validationFailed(message, [{ path: 'file', message }]);
  }
  return rows.map((row, i) => ({ line: i + 1, fields: row.map(cellText) }));
}
