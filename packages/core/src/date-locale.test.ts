import { enUS } from 'date-fns/locale/en-US';
import { describe, expect, it } from 'vitest';
import { DATE_LOCALE, weekStartsOn, weekdayNames } from './date-locale';

describe('the date locale', () => {
  it("should be date-fns' en-US with the spec's Monday-first week", () => {
    expect(DATE_LOCALE.code).toBe('en-US');
    expect(weekStartsOn()).toBe(1);
    expect(DATE_LOCALE.localize.month(10, { width: 'wide' })).toBe('November');
  });

  it("should leave date-fns' own en-US untouched", () => {
    expect(enUS.options?.weekStartsOn).toBe(0);
  });

  it('should name the weekdays in the week order, Monday first', () => {
    expect(weekdayNames()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('wide')[6]).toBe('Sunday');
  });

  it("should follow another locale's first day", () => {
    expect(weekStartsOn(enUS)).toBe(0);
    expect(weekdayNames('short', enUS)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });
});
