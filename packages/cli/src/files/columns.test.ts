import { parseCsvRecords, toCsv } from '@cadence/core';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TABLE, EVENT_TABLE, parseTable } from './columns';

const table = (rows: string[][]) => parseCsvRecords(toCsv(rows));

describe('parseTable', () => {
  it('should read the campaign template, splitting lists and applying defaults', () => {
    const r = parseTable(CAMPAIGN_TABLE, table([[...CAMPAIGN_TABLE.columns], ...CAMPAIGN_TABLE.example]));
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ line: 2, row: { title: 'Spring newsletter', channels: ['email', 'social'], end_date: '2026-04-15', kpis: ['Open rate', 'Sign-ups'] } });
    expect(r.rows[1]?.row).toMatchObject({ scope: 'channel', primary_channel: 'seo', status: 'in-progress' });
  });

  it('should name each bad line and field, and ignore blank lines', () => {
    const r = parseTable(EVENT_TABLE, table([
      ['name', 'vertical', 'audience', 'start_date', 'end_date', 'type'],
      ['Expo', 'water', 'owners', '2026-01-01', '2026-01-02', 'exhibit'],
      ['', '', '', '', '', ''],
      ['Bad', 'space', 'owners', '01/02/2026', '2026-01-02', 'exhibit'],
    ]));
    expect(r.rows.map((x) => x.line)).toEqual([2]);
    expect(r.errors.map((e) => `${e.line} ${e.message.split(':')[0]}`)).toEqual(['4 vertical.0', '4 start_date']);
  });

  it('should refuse unknown and missing columns by name', () => {
    const r = parseTable(CAMPAIGN_TABLE, table([['title', 'colour'], ['x', 'red']]));
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('Unknown column(s): colour'),
      'Missing required column(s): planning_start_date, live_date',
    ]);
  });

  it('should read back cells an export guarded against formulas', () => {
    const r = parseTable(CAMPAIGN_TABLE, table([['title', 'planning_start_date', 'live_date'], ['=SUM(A1)', '2026-01-01', '2026-01-02']]));
    expect(r.rows[0]?.row.title).toBe('=SUM(A1)');
  });
});
