import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMileage,
  formatMoneyCents,
  formatMoneyWhole,
  formatPaymentAmount,
  formatPercent,
  formatPhone,
} from './format';

describe('formatMoneyWhole', () => {
  it.each([
    [0, '$0'],
    [1234, '$1,234'],
    [1234.49, '$1,234'],
    [1234.5, '$1,235'],
    [999.5, '$1,000'],
    [1_000_000, '$1,000,000'],
    [-250.5, '-$251'],
    [-0.4, '$0'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatMoneyWhole(amount)).toBe(expected);
  });
});

describe('formatMoneyCents', () => {
  it.each([
    [0, '$0.00'],
    [1234.56, '$1,234.56'],
    [1234.5, '$1,234.50'],
    [1.005, '$1.01'],
    [399.999, '$400.00'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatMoneyCents(amount)).toBe(expected);
  });
});

describe('formatPaymentAmount', () => {
  it.each([
    [75_000, 'usd', '$750.00'],
    [1, 'USD', '$0.01'],
    [75_000, 'eur', '750.00 EUR'],
    [75_000, null, '750.00 (currency not given)'],
    [null, 'usd', 'an unknown amount'],
  ] as const)('formats %s %s as %s', (cents, currency, expected) => {
    expect(formatPaymentAmount(cents, currency)).toBe(expected);
  });
});

describe('formatMileage', () => {
  it('shows miles per year with thousands separators', () => {
    expect(formatMileage(12000)).toBe('12,000 mi/yr');
    expect(formatMileage(7500)).toBe('7,500 mi/yr');
  });
});

describe('formatPercent', () => {
  it.each([
    [4.44, 2, '4.44%'],
    [3.5, 2, '3.50%'],
    [0, 2, '0.00%'],
    [4.445, 2, '4.45%'],
    [92.5, 0, '93%'],
  ])('formats %s with %s decimals as %s', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });
});

describe('formatDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
    vi.useRealTimers();
  });

  // Node reads TZ on every Date operation, so switching it here exercises each zone for real.
  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Kiritimati'])(
    'shows a date-only string as written in %s',
    (zone) => {
      process.env.TZ = zone;
      expect(formatDate('2026-03-05')).toBe('03/05/2026');
      expect(formatDate('2026-12-31')).toBe('12/31/2026');
    },
  );

  it('shows a date-time in the local time zone', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDate('2026-03-05T02:30:00Z')).toBe('03/04/2026');
    process.env.TZ = 'UTC';
    expect(formatDate('2026-03-05T02:30:00Z')).toBe('03/05/2026');
  });

  it('accepts a Date', () => {
    process.env.TZ = 'UTC';
    expect(formatDate(new Date(Date.UTC(2025, 0, 9, 12)))).toBe('01/09/2025');
  });

  it.each(['', 'not a date', '2026-02-30', '2026-13-01'])('returns an empty string for %j', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the local date and a 12-hour time', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 0, 5))).toBe('11/23/2026 12:05 AM');
    expect(formatDateTime(new Date(2026, 0, 2, 13, 30))).toBe('01/02/2026 1:30 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 12, 0))).toBe('01/02/2026 12:00 PM');
  });

  it('gives "" for a value that is not a date-time', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatPhone', () => {
  it.each([
    ['4155550199', '(415) 555-0199'],
    ['+14155550199', '(415) 555-0199'],
    ['415-555-0199', '(415) 555-0199'],
    ['1 (415) 555.0199', '(415) 555-0199'],
  ])('reads the US number %j as %j', (phone, expected) => {
    expect(formatPhone(phone)).toBe(expected);
  });

  it.each(['+442071838750', '555-0199', '415555019', '415 555 0199 ext 12'])('leaves %j as it was given', (phone) => {
    expect(formatPhone(phone)).toBe(phone);
  });
});
