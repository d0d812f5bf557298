import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bench/results/resilience.jsonl');

/** Prints a figure of the resilience run and keeps it for docs/reliability.md. */
export function report(name: string, figures: Record<string, unknown>): void {
  const line = { name, database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', at: new Date().toISOString(), ...figures };
  process.stdout.write(`[resilience] ${name}: ${JSON.stringify(figures)}\n`);
  mkdirSync(path.dirname(out), { recursive: true });
  appendFileSync(out, `${JSON.stringify(line)}\n`);
}
