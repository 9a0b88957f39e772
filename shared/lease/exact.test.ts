import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  centsToNumber,
  compare,
  div,
  exact,
  fromNumber,
  mul,
  roundHalfAwayFromZero,
  toCents,
  toNumber,
  toRoundedNumber,
} from './exact';

describe('exact fractions', () => {
  it.each([
    [0.1, 1n, 10n],
    [0.00125, 1n, 800n],
    [-2.5, -5n, 2n],
    [1e-7, 1n, 10_000_000n],
    [1.5e-7, 3n, 20_000_000n],
    [1e21, 10n ** 21n, 1n],
    [23_000, 23_000n, 1n],
  ])('reads %s as the decimal it prints, exactly', (value, n, d) => {
    expect(fromNumber(value)).toEqual({ n, d });
  });

  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(add(fromNumber(0.1), fromNumber(0.2))).toEqual(fromNumber(0.3));
  });

  it('keeps fractions reduced with a positive denominator', () => {
    expect(exact(6n, -4n)).toEqual({ n: -3n, d: 2n });
    expect(div(fromNumber(3), 2400n)).toEqual({ n: 1n, d: 800n });
  });

  it.each([
    [exact(5n, 2n), 3n],
    [exact(-5n, 2n), -3n],
    [exact(249n, 100n), 2n],
    [exact(-1n, 3n), 0n],
  ])('rounds %o half away from zero to %s', (value, expected) => {
    expect(roundHalfAwayFromZero(value)).toBe(expected);
  });

  it('rounds dollars to cents as people do: 1.005 is 1.01 and 2.675 is 2.68 (doubles would say 1.00 and 2.67)', () => {
    expect(toCents(fromNumber(1.005))).toBe(101n);
    expect(toCents(fromNumber(2.675))).toBe(268n);
  });

  it('prints whole cents with at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (cents) => {
        const dollars = centsToNumber(BigInt(cents));
        expect(toCents(fromNumber(dollars))).toBe(BigInt(cents));
      }),
    );
  });

  it('converts to the nearest number, also past the safe-integer range', () => {
    expect(toNumber(div(1n, 800n))).toBe(0.00125);
    expect(toNumber(exact(10n ** 30n + 1n, 10n ** 30n))).toBe(1);
    expect(toRoundedNumber(mul(fromNumber(0.00076), 2400n), 2)).toBe(1.82);
    expect(compare(fromNumber(0.1), exact(1n, 10n))).toBe(0);
  });
});
