/**
 * `tsx bench/report.ts [file]`: a recorded run (bench/results/latest.json by default) as the
 * Markdown table docs/performance.md keeps, so the doc quotes the run rather than retyping it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetText, peerText, verdictText } from './lib/table.js';
import type { BenchRow } from './lib/types.js';

type Recorded = BenchRow & { ratio: number | null; met: boolean };
const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? path.join(here, 'results/latest.json');
const run = JSON.parse(readFileSync(file, 'utf8')) as {
  date: string;
  seconds: number;
  machine: { cpus: number; model: string; memoryGiB: number; node: string; platform: string };
  rows: Recorded[];
};

const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2 });
const lines = [
  `Run of ${run.date.slice(0, 16).replace('T', ' ')} UTC, ${Math.round(run.seconds / 60)} min, on ${run.machine.cpus} × ${run.machine.model}, ${run.machine.memoryGiB} GiB, Node ${run.machine.node}, ${run.machine.platform}.`,
  '',
  '| suite | measure | peer | peer figure | ours | ratio | budget | met |',
  '|---|---|---|---|---|---|---|---|',
  ...run.rows.map((r) =>
    [r.suite, r.name, ...peerText(r, num), `${num(r.ours)} ${r.unit}`, r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`, budgetText(r), verdictText(r).replace(/^NO$/, '**no**')]
      .join(' | ')
      .replace(/^/, '| ')
      .replace(/$/, ' |'),
  ),
];
console.log(lines.join('\n'));
