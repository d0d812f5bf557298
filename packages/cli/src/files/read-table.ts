import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCsvRecords, type CsvRecord } from '@cadence/core';
import { CliError, usageError } from '../errors';

export type TableKind = 'csv' | 'xlsx';

export function tableKind(file: string): TableKind {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.xls') throw usageError(`${file}: the old .xls format is not supported; save it as .xlsx or .csv`);
  throw usageError(`${file}: expected a .csv or .xlsx file`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spreadsheet cells as text: dates as YYYY-MM-DD (Excel keeps them as UTC midnights). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  return String(value);
}

/** The records of a CSV or the first sheet of an .xlsx, each with its 1-based line number. */
export async function readTable(file: string): Promise<{ kind: TableKind; records: CsvRecord[]; text?: string }> {
  const kind = tableKind(file);
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  if (kind === 'csv') {
    const text = buffer.toString('utf8');
    return { kind, text, records: parseCsvRecords(text) };
  }
  const { readSheet } = await import('read-excel-file/node');
  let rows: unknown[][];
  try {
    rows = (await readSheet(buffer)) as unknown[][];
  } catch (err) {
    throw new CliError(`${file} is not a readable .xlsx file: ${(err as Error).message}`);
  }
  return { kind, records: rows.map((row, i) => ({ line: i + 1, fields: row.map(cellText) })) };
}
