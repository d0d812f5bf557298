import pc from 'picocolors';

/** Colours only on a terminal and never with NO_COLOR (picocolors checks both). */
export const color = pc;

export interface Output {
  json: boolean;
  /** Data: to stdout, so it can be piped. */
  data(text: string): void;
  /** Messages for people: to stderr. */
  info(text: string): void;
  warn(text: string): void;
  success(text: string): void;
  /** A listing or report: JSON with --json, else the text lines. */
  result(value: unknown, lines: () => string[]): void;
}

export function createOutput(json: boolean, streams = { out: process.stdout, err: process.stderr }): Output {
  return {
    json,
    data: (text) => void streams.out.write(text.endsWith('\n') ? text : `${text}\n`),
    info: (text) => void streams.err.write(`${text}\n`),
    warn: (text) => void streams.err.write(`${pc.yellow('warning')} ${text}\n`),
    success: (text) => void streams.err.write(`${pc.green('✔')} ${text}\n`),
    result(value, lines) {
      if (json) streams.out.write(`${JSON.stringify(value, null, 2)}\n`);
      else for (const line of lines()) streams.out.write(`${line}\n`);
    },
  };
}

/** Left-aligned columns for listings. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
}
