import { toCsv, utcYmd } from '@cadence/core';

const XLSX = /\.xlsx$/i;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : v instanceof Date ? utcYmd(v) : String(v);

/** Rows of a sheet as CSV text for the server's import, unguarded (a program reads it). */
export const rowsToCsv = (rows: ReadonlyArray<ReadonlyArray<unknown>>): string => toCsv(rows.map((r) => r.map(cellText)), { guardFormulas: false });

function read(file: Blob, as: 'text' | 'buffer'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/**
 * The upload as CSV text: an .xlsx's first sheet is converted in the browser (read-excel-file,
 * loaded on demand), anything else is read as text, as the spec's bulk upload does.
 */
export async function uploadAsCsv(file: File): Promise<string> {
  if (XLSX.test(file.name) || file.type === XLSX_TYPE) {
    const { readSheet } = await import('read-excel-file/browser');
    return rowsToCsv((await readSheet((await read(file, 'buffer')) as ArrayBuffer)) as unknown[][]);
  }
  return (await read(file, 'text')) as string;
}
