import { describe, expect, it } from 'vitest';
import { addYears, atTime, ruleNow, todayAnywhere } from './calendar';

describe('todayAnywhere', () => {
  it('gives the dates that are today somewhere: UTC-12 and UTC+14', () => {
    expect(todayAnywhere(new Date('2026-05-01T12:00:00.000Z'))).toEqual({ earliest: '2026-05-01', latest: '2026-05-02' });
    expect(todayAnywhere(new Date('2026-05-01T09:59:59.999Z'))).toEqual({ earliest: '2026-04-30', latest: '2026-05-01' });
    expect(todayAnywhere(new Date('2026-12-31T23:00:00.000Z'))).toEqual({ earliest: '2026-12-31', latest: '2027-01-01' });
  });
});

describe('addYears', () => {
  it.each([
    ['2026-05-01', 2, '2028-05-01'],
    ['2026-05-01', -18, '2008-05-01'],
    ['2028-02-29', -18, '2010-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2026-12-31', -120, '1906-12-31'],
  ] as const)('%s %+d years is %s', (date, years, expected) => {
    expect(addYears(date, years)).toBe(expected);
  });
});

describe('atTime', () => {
  it('pins "now" for a check and restores it after, also when the check throws', () => {
    const pinned = new Date('2031-01-01T00:00:00.000Z');

    expect(atTime(pinned, () => ruleNow())).toBe(pinned);
    expect(() =>
      atTime(pinned, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(ruleNow()).not.toBe(pinned);
    expect(atTime(pinned, () => atTime(new Date(0), () => ruleNow().getTime()))).toBe(0);
  });
});
