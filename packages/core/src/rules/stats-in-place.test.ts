import { describe, expect, it } from 'vitest';
import { tallyCampaignStats } from './campaign-stats';
import { applyStatsChange, applyViewCountsChange, parseSnapshot, sawTransaction, stateAtSnapshot, type CountedFields, type StatsInPlace } from './stats-in-place';

const f = (over: Partial<CountedFields> = {}): CountedFields => ({ status: 'planning', scope: 'global', channels: ['email'], primary_channel: null, owner: 'Ana', ...over });
const seq = (xid: number, rank = 65_535) => xid * 65_536 + rank;

/** Counts of `rows` as the server answers them, taken at snapshot `as_of`. */
function answer(rows: CountedFields[], as_of = '100:105:102'): StatsInPlace {
  const stats = tallyCampaignStats(rows.map((r) => ({ ...r, n: 1 })));
  const owner_counts: Record<string, number> = {};
  for (const r of rows) if (r.owner) owner_counts[r.owner] = (owner_counts[r.owner] ?? 0) + 1;
  return { ...stats, as_of, owner_counts };
}

/** The counts with only the fields a user sees compared (not the bookkeeping). */
const shown = ({ as_of: _a, counted: _c, ...s }: StatsInPlace) => s;

describe('snapshots', () => {
  it('should see transactions below xmin, and those below xmax that were not running', () => {
    const s = parseSnapshot('100:105:102,104')!;
    expect([99, 100, 101, 102, 103, 104, 105].map((x) => sawTransaction(s, x))).toEqual([true, true, true, false, true, false, false]);
    expect(parseSnapshot('nonsense')).toBeNull();
  });

  it('should find the state the snapshot saw from the replacements it did not see', () => {
    const s = parseSnapshot('100:105:')!;
    const basis = { created: '50', before: [{ until: '90', fields: f({ status: 'planning' }) }, { until: '110', fields: f({ status: 'live' }) }] };
    expect(stateAtSnapshot(s, basis, f({ status: 'completed' }))?.status).toBe('live');
    expect(stateAtSnapshot(s, { created: '50', before: [] }, f({ status: 'completed' }))?.status).toBe('completed');
    expect(stateAtSnapshot(s, { created: '120', before: [] }, f())).toBeNull();
    expect(stateAtSnapshot(s, { ...basis, before: basis.before.slice(1), truncated: true }, f())).toBeUndefined();
  });
});

describe('applyStatsChange', () => {
  const base = [f(), f({ status: 'live', channels: ['social'], owner: 'Bo' })];

  it('should count an insert the answer did not see, and the same change twice only once', () => {
    const once = applyStatsChange(answer(base), { seq: seq(110), id: 'n', row: f({ status: 'live' }), basis: { created: '110', before: [] } }, {})!;
    expect(shown(once)).toEqual(shown(answer([...base, f({ status: 'live' })])));
    const twice = applyStatsChange(once, { seq: seq(110), id: 'n', row: f({ status: 'live' }), basis: { created: '110', before: [] } }, {})!;
    expect(shown(twice)).toEqual(shown(once));
  });

  it('should leave counts alone for a change the answer already holds', () => {
    const stats = answer(base);
    const next = applyStatsChange(stats, { seq: seq(103), id: 'a', row: f({ status: 'live' }), basis: { created: '1', before: [{ until: '103', fields: f() }] } }, {})!;
    expect(shown(next)).toEqual(shown(stats));
    expect(next).not.toBe(stats);
  });

  it('should move a row between statuses and channels, and remove it on delete', () => {
    const moved = applyStatsChange(answer(base), {
      seq: seq(110), id: 'a', row: f({ status: 'completed', channels: ['seo'] }), basis: { created: '1', before: [{ until: '110', fields: f() }] },
    }, {})!;
    expect(shown(moved)).toEqual(shown(answer([f({ status: 'completed', channels: ['seo'] }), base[1]!])));
    const gone = applyStatsChange(moved, { seq: seq(111), id: 'a', row: null }, {})!;
    expect(shown(gone)).toEqual(shown(answer([base[1]!])));
  });

  it('should count only what the filter keeps, and drop an owner whose last campaign left', () => {
    const filter = { channel: ['social' as const] };
    const stats = answer([base[1]!]);
    const next = applyStatsChange(stats, { seq: seq(110), id: 'b', row: f({ channels: ['email'], owner: 'Bo' }), basis: { created: '1', before: [{ until: '110', fields: base[1]! }] } }, filter)!;
    expect(next.total).toBe(0);
    expect(next.owners).toEqual([]);
  });

  it('should not count a state the reader could not read', () => {
    const next = applyStatsChange(answer(base), { seq: seq(110), id: 'c', row: f({ status: 'live' }), basis: { created: '1', before: [{ until: '110', fields: null }] } }, {})!;
    expect(next.total).toBe(3);
  });

  it('should give up where it cannot be exact: a search, a window, no snapshot, a basis that does not reach back', () => {
    const change = { seq: seq(110), id: 'a', row: f(), basis: { created: '1', before: [] } };
    expect(applyStatsChange(answer(base), change, { q: 'launch' })).toBeNull();
    expect(applyStatsChange(answer(base), change, { from: '2026-01-01' })).toBeNull();
    expect(applyStatsChange({ ...answer(base), as_of: undefined }, change, {})).toBeNull();
    expect(applyStatsChange(answer(base), { ...change, basis: undefined }, {})).toBeNull();
  });
});

describe('applyViewCountsChange', () => {
  const filters = { live: { status: 'live' as const }, email: { channel: ['email' as const] } };
  const answer = { counts: { live: 1, email: 1 }, as_of: '100:105:' };

  it('should move each view by its own filter, once', () => {
    const change = { seq: seq(110), id: 'a', row: f({ status: 'live', channels: ['social'] }), basis: { created: '1', before: [{ until: '110', fields: f() }] } };
    const next = applyViewCountsChange(answer, change, filters)!;
    expect(next.counts).toEqual({ live: 2, email: 0 });
    expect(applyViewCountsChange(next, change, filters)!.counts).toEqual({ live: 2, email: 0 });
  });

  it('should give up for a view it has no filter for, or one that searches', () => {
    const change = { seq: seq(110), id: 'a', row: f(), basis: { created: '110', before: [] } };
    expect(applyViewCountsChange(answer, change, { live: filters.live })).toBeNull();
    expect(applyViewCountsChange(answer, change, { ...filters, live: { q: 'x' } })).toBeNull();
    expect(applyViewCountsChange({ counts: answer.counts }, change, filters)).toBeNull();
  });
});
