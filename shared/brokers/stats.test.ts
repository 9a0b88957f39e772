import { describe, expect, it } from 'vitest';
import { addMonths, commissionFor, isAfterMonth, monthOfDate, monthsEndingAt, wholeDollars } from './stats';

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

describe('commission', () => {
  it('is a percentage of the month fees, in whole dollars rounded half up', () => {
    // $1,001 of fees at 50% = $500.50 -> $501.
    expect(commissionFor({ commissionType: 'percentage', commissionValue: 50 }, { dealsClosed: 2, feeCents: 100_100 })).toBe(501);
    expect(commissionFor({ commissionType: 'percentage', commissionValue: 12.5 }, { dealsClosed: 1, feeCents: 80_000 })).toBe(
      100,
    );
  });

  it('is the flat amount per closed deal, whatever the fees', () => {
    expect(commissionFor({ commissionType: 'flat', commissionValue: 250 }, { dealsClosed: 3, feeCents: 1 })).toBe(750);
    expect(commissionFor({ commissionType: 'flat', commissionValue: 99.5 }, { dealsClosed: 1, feeCents: 0 })).toBe(100);
  });

  it('is 0 without a commission set or without closed deals', () => {
    expect(commissionFor({}, { dealsClosed: 4, feeCents: 500_000 })).toBe(0);
    expect(commissionFor({ commissionType: 'flat', commissionValue: 300 }, { dealsClosed: 0, feeCents: 0 })).toBe(0);
  });

  it('shows fees in whole dollars', () => {
    expect(wholeDollars(150_050)).toBe(1501);
    expect(wholeDollars(150_049)).toBe(1500);
  });
});
