import { ratioOf, verdictOf, type BenchRow } from './types.js';

const fmt = (n: number): string => {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};

export function budgetText(row: BenchRow): string {
  if (!row.budget) return '—';
  const op = row.budget.op === '<=' ? '≤' : row.budget.op === '>=' ? '≥' : '<';
  return row.budget.on === 'ratio' ? `${op} ${row.budget.limit}×` : `${op} ${fmt(row.budget.limit)} ${row.unit}`;
}

/** The peer columns: its name and figure, or why it has none this run. */
export function peerText(row: BenchRow, format: (n: number) => string = fmt): [string, string] {
  if (row.peer) return [row.peer.name, `${format(row.peer.value)} ${row.unit}`];
  if (row.peerUnfinished) return [row.peerUnfinished.name, `did not finish: ${row.peerUnfinished.reason}`];
  return ['—', '—'];
}

/** The "met" column: yes, NO, or why nothing is judged. */
export function verdictText(row: BenchRow): string {
  const verdict = verdictOf(row);
  if (verdict === 'met') return 'yes';
  if (verdict === 'missed') return 'NO';
  return row.budget ? 'not judged (peer did not finish)' : '—';
}

/** A plain-text table (no colours: it goes into logs and docs as is). */
export function renderTable(rows: readonly BenchRow[]): string {
  const header = ['suite', 'measure', 'peer', 'peer figure', 'ours', 'ratio', 'budget', 'met'];
  const body = rows.map((r) => {
    const ratio = ratioOf(r);
    return [r.suite, r.name, ...peerText(r), `${fmt(r.ours)} ${r.unit}`, ratio === undefined ? '—' : `${ratio.toFixed(2)}×`, budgetText(r), verdictText(r)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  const details = rows.filter((r) => r.detail).map((r) => `  ${r.suite} / ${r.name}: ${r.detail}`);
  if (details.length) out.push('', 'details:', ...details);
  return out.join('\n');
}
