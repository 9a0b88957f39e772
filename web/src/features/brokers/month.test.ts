import { describe, expect, it } from 'vitest';
import { addMonths, currentMonth, monthFromParam, monthLabel, monthsEndingWith, shortMonthLabel } from './month';

const NOV_2026 = new Date('2026-11-23T05:00:00Z');

describe('currentMonth', () => {
  it('is the UTC calendar month, as the statistics count it', () => {
    expect(currentMonth(NOV_2026)).toBe('2026-11');
    // 23:30 on Oct 31 in New York is already November in UTC.
    expect(currentMonth(new Date('2026-11-01T03:30:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
  });
});

describe('addMonths', () => {
  it('moves across year ends both ways', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-11', -13)).toBe('2025-10');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });
});

describe('monthFromParam', () => {
  it('takes a well-formed month up to the current one', () => {
    expect(monthFromParam('2026-03', NOV_2026)).toBe('2026-03');
    expect(monthFromParam('2026-11', NOV_2026)).toBe('2026-11');
  });

  it.each([null, undefined, '', '2026-13', '2026-00', '2026-1', 'november', '2026-11-01'])(
    'reads %j as the current month',
    (param) => {
      expect(monthFromParam(param, NOV_2026)).toBe('2026-11');
    },
  );

  it('never goes past the current month', () => {
    expect(monthFromParam('2026-12', NOV_2026)).toBe('2026-11');
    expect(monthFromParam('2031-01', NOV_2026)).toBe('2026-11');
  });
});

describe('labels', () => {
  it('names the month in full for the navigator and short for chart axes', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(shortMonthLabel('2026-05')).toBe('May 2026');
    expect(shortMonthLabel('2026-09')).toBe('Sep 2026');
  });
});

describe('monthsEndingWith', () => {
  it('lists the window oldest first, across a year end', () => {
    expect(monthsEndingWith('2027-02', 6)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02']);
  });
});
