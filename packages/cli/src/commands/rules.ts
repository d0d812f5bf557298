import { conflictsCsv, ymdProblem, type PlanningRuleBody, type PlanningRuleRecord } from '@cadence/core';
import { readFile, writeFile } from 'node:fs/promises';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

// Planning rules and their conflicts from the command line (docs/adr/0062-planning-rules.md):
// list them, export them as JSON, import a JSON list (all or nothing), list a window's conflicts.

const client = (ctx: CommandContext) => clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);

/** A rule as a body again: what `export` writes and `import` reads back. */
const asBody = (r: PlanningRuleRecord): PlanningRuleBody => ({
  kind: r.kind, severity: r.severity, limit: r.limit, period: r.period, channel: r.channel, audience: r.audience, gap_days: r.gap_days, name: r.name,
});

export async function listRules(ctx: CommandContext): Promise<void> {
  const rules = await client(ctx).planningRules.list();
  ctx.out.result(rules, () =>
    rules.length ? table([['ID', 'SEVERITY', 'RULE'], ...rules.map((r) => [r.id, r.severity, r.description])]) : ['No planning rules'],
  );
}

export async function exportRules(ctx: CommandContext, opts: { out?: string }): Promise<void> {
  const text = `${JSON.stringify({ rules: (await client(ctx).planningRules.list()).map(asBody) }, null, 2)}\n`;
  if (!opts.out) {
    process.stdout.write(text);
    return;
  }
  await writeFile(opts.out, text);
  ctx.out.success(`Wrote the planning rules to ${opts.out}`);
}

export async function importRules(ctx: CommandContext, file: string): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new CliError(`Cannot read ${file} as JSON: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  // Either what `export` writes ({ rules: [...] }) or a bare list.
  const rules = Array.isArray(parsed) ? parsed : (parsed as { rules?: unknown })?.rules;
  if (!Array.isArray(rules)) throw usageError(`${file}: expected {"rules": [...]} or a list of rules`);
  const saved = await client(ctx).planningRules.replaceAll(rules as PlanningRuleBody[]);
  ctx.out.result(saved, () => [`Replaced the planning rules with ${saved.length} rule${saved.length === 1 ? '' : 's'}`, ...saved.map((r) => `  ${r.severity === 'block' ? 'block' : 'warn '} ${r.description}`)]);
}

function day(value: string, what: string): string {
  const problem = ymdProblem(value);
  if (problem) throw usageError(`${what}: ${problem} (got "${value}")`);
  return value;
}

export async function listConflicts(ctx: CommandContext, opts: { from: string; to: string; csv?: boolean }): Promise<void> {
  const list = await client(ctx).planningRules.conflicts({ from: day(opts.from, '--from'), to: day(opts.to, '--to') });
  if (opts.csv) {
    process.stdout.write(conflictsCsv(list.conflicts));
    return;
  }
  ctx.out.result(list, () =>
    list.conflicts.length
      ? table([['DATE', 'SEVERITY', 'CONFLICT', 'CAMPAIGNS'], ...list.conflicts.map((c) => [c.date, c.severity, c.message, c.campaign_titles.filter(Boolean).join('; ')])])
      : [`No conflicts from ${list.from} to ${list.to}`],
  );
}
