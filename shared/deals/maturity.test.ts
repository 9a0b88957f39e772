import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../calendar';
import { isMaturingSoon, maturityDate, maturityReminderDates } from './maturity';

describe('lease maturity', () => {
  it('matures a lease started 2026-01-15 on 36 months on 2029-01-15, with tasks 180, 90 and 30 days before', () => {
    const maturity = maturityDate('2026-01-15', 36);
    expect(maturity).toBe('2029-01-15');
    expect(maturityReminderDates(maturity)).toEqual(['2028-07-19', '2028-10-17', '2028-12-16']);
  });

  it('ends a lease started on a month-end on the last day of a shorter month', () => {
    expect(maturityDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(maturityDate('2027-01-31', 13)).toBe('2028-02-29');
    expect(maturityDate('2026-08-31', 39)).toBe('2029-11-30');
  });

  it('lists leases maturing from today to 6 months ahead', () => {
    expect(isMaturingSoon('2026-11-25', '2026-11-25')).toBe(true);
    expect(isMaturingSoon('2027-05-25', '2026-11-25')).toBe(true);
    expect(isMaturingSoon('2027-05-26', '2026-11-25')).toBe(false);
    expect(isMaturingSoon('2026-11-24', '2026-11-25')).toBe(false);
  });
});

describe('calendar months and days', () => {
  const day = fc
    .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('moves by days and back to the same day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -4000, max: 4000 }), (d, n) => {
        expect(addDays(addDays(d, n), -n)).toBe(d);
      }),
    );
  });

  it('moves by months and back to the same day whenever the day exists in both months', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -120, max: 120 }), (d, n) => {
        fc.pre(Number(d.slice(8)) <= 28);
        expect(addMonths(addMonths(d, n), -n)).toBe(d);
      }),
    );
  });

  it('never moves a lease end before its start', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 84 }), (d, n) => {
        expect(addMonths(d, n) > d).toBe(true);
      }),
    );
  });
});
