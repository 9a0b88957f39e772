import { describe, expect, it } from 'vitest';
import { addMonths, isAfterMonth, monthOfDate, monthsEndingAt, wholeDollars } from './stats';

describe('months', () => {
  it('takes the UTC calendar month, so 23:59:59.999Z on the last day is still that month', () => {
    expect(monthOfDate(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(monthOfDate(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
  });

  it('moves across year ends both ways', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });

  it('lists the 6 months ending at a month, oldest first', () => {
    expect(monthsEndingAt('2026-02', 6)).toEqual(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('orders months', () => {
    expect(isAfterMonth('2026-12', '2026-11')).toBe(true);
    expect(isAfterMonth('2026-11', '2026-11')).toBe(false);
    expect(isAfterMonth('2025-12', '2026-01')).toBe(false);
  });
});

describe('whole dollars', () => {
  it('shows fees in whole dollars', () => {
    expect(wholeDollars(150_050)).toBe(1501);
    expect(wholeDollars(150_049)).toBe(1500);
  });
});
