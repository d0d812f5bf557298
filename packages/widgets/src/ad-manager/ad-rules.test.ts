import { describe, expect, it } from 'vitest';
import { makeAd, makeAdType } from '../testing/fixtures-more';
import { adTimeline, adTypeOption, matches, statusCounts } from './ad-rules';

const P = '00000000-0000-4000-a000-0000000000aa';
const T = '00000000-0000-4000-a000-0000000000bb';
const ad = (due: string, live: string, status: 'new' | 'live' = 'live', name = 'Weekly', pub = P) =>
  makeAd({ publication_id: pub, ad_type_id: T, due_date: due, live_date: live, status, publication_name: name });

describe('ad rules', () => {
  it('should lay out one row per publication with bars clipped to the month and at least 2 %', () => {
    const rows = adTimeline([ad('2026-02-20', '2026-03-05'), ad('2026-03-10', '2026-03-10', 'new'), ad('2026-03-01', '2026-04-09', 'live', 'Alpha', 'x'), ad('2026-05-01', '2026-05-02')], '2026-03-15');
    expect(rows.map((r) => r.name)).toEqual(['Alpha', 'Weekly']);
    const [first, single] = rows[1]!.bars;
    expect(first).toMatchObject({ leftPercent: 0, clippedStart: true, color: '#22c55e' });
    expect(first!.widthPercent).toBeCloseTo((5 / 31) * 100);
    expect(single!.widthPercent).toBeGreaterThanOrEqual(2);
    expect(single!.color).toBe('#9ca3af');
    expect(rows[0]!.bars[0]).toMatchObject({ leftPercent: 0, widthPercent: 100, clippedEnd: true });
  });

  it('should count ads per status', () => {
    expect(statusCounts([ad('2026-03-01', '2026-03-02'), ad('2026-03-01', '2026-03-02', 'new')])).toEqual({ all: 2, new: 1, content_requested: 0, content_ready: 0, live: 1 });
  });

  it("should show ad types with '- $cost' when they have one", () => {
    expect(adTypeOption(makeAdType({ publication_id: P, ad_type: 'Banner', cost: 1500 }))).toBe('Banner - $1500.00');
    expect(adTypeOption(makeAdType({ publication_id: P, ad_type: 'Text', cost: null }))).toBe('Text');
  });

  it('should search case-insensitively across fields and lists', () => {
    expect(matches('infra', ['Weekly', null, ['Construction', 'Infrastructure']])).toBe(true);
    expect(matches('NA', ['EMEA'])).toBe(false);
    expect(matches('  ', [])).toBe(true);
  });

});
