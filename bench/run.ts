/**
 * `pnpm bench [suite…] [--quick]`: runs each suite (peer and ours in the same run), prints one
 * table of medians, ratios and budgets, and writes bench/results/latest.json (quick runs write
 * bench/results/quick.json, which is not kept). Expects built packages: the root `bench`
 * script builds first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from './lib/table.js';
import { meetsBudget, ratioOf, verdictOf, type BenchRow, type Suite, type SuiteContext } from './lib/types.js';
import { suites } from './suites/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const unknown = wanted.filter((w) => !suites.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; available: ${suites.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const selected: Suite[] = wanted.length ? suites.filter((s) => wanted.includes(s.name)) : suites.filter((s) => !s.optional);
  const ctx: SuiteContext = {
    quick,
    pgAdminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    log: (m) => process.stderr.write(`  ${m}\n`),
  };
  const rows: BenchRow[] = [];
  const timings: Record<string, number> = {};
  const failures: Record<string, string> = {};
  const started = Date.now();
  for (const suite of selected) {
    process.stderr.write(`▶ ${suite.name}: ${suite.description}\n`);
    const t0 = Date.now();
    try {
      const got = await suite.run(ctx);
      rows.push(...got);
      process.stderr.write(renderTable(got) + '\n');
    } catch (err) {
      // One broken suite must not hide the others' figures; it is reported and fails the run.
      failures[suite.name] = err instanceof Error ? (err.stack ?? err.message) : String(err);
      process.stderr.write(`✖ ${suite.name} failed: ${failures[suite.name]}\n`);
    }
    timings[suite.name] = Math.round((Date.now() - t0) / 100) / 10;
    process.stderr.write(`  (${timings[suite.name]} s)\n`);
  }
  console.log('\n' + renderTable(rows));
  const budgeted = rows.filter((r) => r.budget);
  const missed = budgeted.filter((r) => verdictOf(r) === 'missed');
  const unjudged = budgeted.filter((r) => verdictOf(r) === 'unjudged');
  console.log(`\n${budgeted.length - missed.length - unjudged.length}/${budgeted.length} budgets met${missed.length ? `; missed: ${missed.map((r) => `${r.suite}/${r.name}`).join('; ')}` : ''}`);
  if (unjudged.length) console.log(`not judged, their peer did not finish: ${unjudged.map((r) => `${r.suite}/${r.name} (${r.peerUnfinished!.reason})`).join('; ')}`);
  const cpus = os.cpus();
  const result = {
    date: new Date().toISOString(),
    quick,
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
    suites: timings,
    failures,
    rows: rows.map((r) => ({ ...r, ratio: ratioOf(r) ?? null, met: meetsBudget(r), verdict: verdictOf(r) })),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', quick ? 'quick.json' : wanted.length ? `partial-${wanted.join('-')}.json` : 'latest.json');
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`wrote ${path.relative(process.cwd(), file)} in ${result.seconds} s`);
  if (Object.keys(failures).length) process.exit(1);
}

await main();
