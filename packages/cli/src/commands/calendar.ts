import { ymdProblem } from '@cadence/core';
import { readFile } from 'node:fs/promises';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// The working calendar from the command line (docs/adr/0052-working-calendar.md): list the weekend
// and closed days, close or reopen a day, import an .ics file.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const KINDS = ['holiday', 'blackout'] as const;

function day(value: string, what: string): string {
  const problem = ymdProblem(value);
  if (problem) throw usageError(`${what}: ${problem} (got "${value}")`);
  return value;
}

function kind(value: string | undefined): (typeof KINDS)[number] | undefined {
  if (value === undefined) return undefined;
  if (!(KINDS as readonly string[]).includes(value)) throw usageError(`--kind must be one of ${KINDS.join(', ')}`);
  return value as (typeof KINDS)[number];
}

export async function listCalendar(ctx: CommandContext, opts: { from?: string; to?: string }): Promise<void> {
  const range = { ...(opts.from ? { from: day(opts.from, '--from') } : {}), ...(opts.to ? { to: day(opts.to, '--to') } : {}) };
  const cal = await client(ctx).workingCalendar.get(range);
  ctx.out.result(cal, () => [
    `Weekend: ${cal.weekend.map((d) => WEEKDAYS[d] ?? String(d)).join(', ') || 'none'}`,
    ...(cal.closed_days.length
      ? table([['DAY', 'KIND', 'LABEL', 'SOURCE'], ...cal.closed_days.map((c) => [c.day, c.kind, c.label, c.source])])
      : ['No closed days']),
  ]);
}

export async function closeDay(ctx: CommandContext, date: string, opts: { label: string; kind?: string }): Promise<void> {
  const k = kind(opts.kind);
  const closed = await client(ctx).workingCalendar.close({ day: day(date, 'The day'), label: opts.label, ...(k ? { kind: k } : {}) });
  ctx.out.result(closed, () => [`Closed ${closed.day}: ${closed.label} (${closed.kind})`]);
}

export async function reopenDay(ctx: CommandContext, date: string): Promise<void> {
  await client(ctx).workingCalendar.reopen(day(date, 'The day'));
  ctx.out.success(`Reopened ${date}: it is a working day again unless it falls on the weekend`);
}

export async function importIcs(ctx: CommandContext, file: string, opts: { kind?: string }): Promise<void> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const k = kind(opts.kind);
  const report = await client(ctx).workingCalendar.importIcs(text, k);
  ctx.out.result(report, () => [
    `Closed ${report.added.length} day${report.added.length === 1 ? '' : 's'}; ${report.already_closed.length} closed already; ${report.skipped.length} event${report.skipped.length === 1 ? '' : 's'} skipped`,
    ...report.added.map((c) => `  + ${c.day} ${c.label}`),
    ...report.skipped.map((s) => `  - ${s.summary}: ${s.reason}`),
  ]);
}

export async function setWeekend(ctx: CommandContext, days: string[]): Promise<void> {
  const numbers = days.flatMap((d) => d.split(',')).map((d) => d.trim()).filter(Boolean).map((d) => {
    const i = WEEKDAYS.findIndex((w) => w.toLowerCase() === d.slice(0, 3).toLowerCase());
    if (i < 0) throw usageError(`Weekend days are weekday names, e.g. sat sun (got "${d}")`);
    return i;
  });
  const cal = await client(ctx).workingCalendar.setWeekend(numbers);
  ctx.out.result(cal, () => [`Weekend: ${cal.weekend.map((d) => WEEKDAYS[d]).join(', ') || 'none'}`]);
}
