import { meetsBudget, ratioOf, type BenchRow } from './types.js';

const fmt = (n: number): string => {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};

export function budgetText(row: BenchRow): string {
  const op = row.budget.op === '<=' ? '≤' : row.budget.op === '>=' ? '≥' : '<';
  return row.budget.on === 'ratio' ? `${op} ${row.budget.limit}×` : `${op} ${fmt(row.budget.limit)} ${row.unit}`;
}

/** A plain-text table (no colours: it goes into logs and docs as is). */
export function renderTable(rows: readonly BenchRow[]): string {
  const header = ['suite', 'measure', 'peer', 'peer figure', 'ours', 'ratio', 'budget', 'met'];
  const body = rows.map((r) => {
    const ratio = ratioOf(r);
    return [
      r.suite,
      r.name,
      r.peer?.name ?? '—',
      r.peer ? `${fmt(r.peer.value)} ${r.unit}` : '—',
      `${fmt(r.ours)} ${r.unit}`,
      ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
      budgetText(r),
      meetsBudget(r) ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  const details = rows.filter((r) => r.detail).map((r) => `  ${r.suite} / ${r.name}: ${r.detail}`);
  if (details.length) out.push('', 'details:', ...details);
  return out.join('\n');
}
