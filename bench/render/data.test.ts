import { describe, expect, it } from 'vitest';
import { monthEvents, quarterEvents } from './data.js';

describe('render suite data', () => {
  it('gives every contender the same month of events, multi-day spans included', () => {
    const events = monthEvents(1_000);
    expect(monthEvents(1_000)).toEqual(events);
    expect(new Set(events.map((e) => e.id)).size).toBe(1_000);
    for (const e of events) {
      expect(e.start >= '2026-03-01' && e.end <= '2026-03-31' && e.start <= e.end).toBe(true);
      expect(e.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    const multiDay = events.filter((e) => e.start !== e.end).length;
    expect(multiDay).toBeGreaterThan(300);
    expect(multiDay).toBeLessThan(500);
  });

  it('keeps the Gantt campaigns inside the quarter', () => {
    const events = quarterEvents(2_000);
    expect(quarterEvents(2_000)).toEqual(events);
    for (const e of events) expect(e.start >= '2026-04-01' && e.end <= '2026-06-30' && e.start < e.end).toBe(true);
  });
});
