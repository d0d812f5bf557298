import { describe, expect, it } from 'vitest';
import { TEST_ZONES, useTimeZone } from '../testing/time-zones';
import { campaignsToIcs, escapeIcsText, foldIcsLine } from './ical';

describe('campaignsToIcs', () => {
  const ics = campaignsToIcs(
    [
      { id: 'a', title: 'Launch; part 1, the big one', live_date: '2026-03-30', end_date: '2026-04-02', channels: ['email', 'seo'] },
      { id: 'b', title: 'Ongoing', live_date: '2026-12-31', end_date: null, description: 'Line one\nLine two' },
    ],
    { name: 'Cadence', now: new Date('2026-11-22T10:00:00Z') },
  );

  it('should make the all-day end exclusive: the day after the last day, across month and year ends', () => {
    expect(ics).toContain('DTSTART;VALUE=DATE:20260330\r\nDTEND;VALUE=DATE:20260403');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101');
  });

  it('should escape text and use CRLF line endings', () => {
    expect(ics).toContain('SUMMARY:Launch\\; part 1\\, the big one');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two');
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('should fold long lines at 75 octets without splitting a character', () => {
    const folded = foldIcsLine(`SUMMARY:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(60)}`);
    expect(escapeIcsText('a\\b')).toBe('a\\\\b');
  });
});

describe.each(TEST_ZONES)('iCalendar time stamps in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should stamp in UTC basic format, without milliseconds', () => {
    const ics = campaignsToIcs(
      [
        { id: 'a', title: 'A', live_date: '2026-03-08', updated_at: '2026-03-08T09:59:59.987+00:00' },
        { id: 'b', title: 'B', live_date: '2026-03-08', updated_at: '2026-03-08 02:30:00-08' },
        { id: 'c', title: 'C', live_date: '2026-03-08' },
      ],
      { name: 'Cadence', now: new Date('2026-11-22T00:00:00.500Z') },
    );
    expect(ics.match(/^DTSTAMP:.*$/gm)).toEqual(['DTSTAMP:20260308T095959Z', 'DTSTAMP:20260308T103000Z', 'DTSTAMP:20261122T000000Z']);
  });
});
