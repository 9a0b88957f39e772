import { describe, expect, it } from 'vitest';
import { decimalPlaces, roundTo } from './math';

describe('roundTo', () => {
  it.each([
    [0.00125 * 2400, 2, 3],
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [1234.5, 0, 1235],
    [1234.49, 0, 1234],
    [-1.005, 2, -1.01],
    [-0.4, 0, 0],
    [3.14159, 3, 3.142],
    [1e-7, 2, 0],
  ])('rounds %s to %s decimals as %s', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });
});

describe('decimalPlaces', () => {
  it.each([
    [12, 0],
    [12.5, 1],
    [99.99, 2],
    [0.00125, 5],
    [1e-7, 7],
    [1.5e-7, 8],
  ])('counts the decimals of %s as %s', (value, expected) => {
    expect(decimalPlaces(value)).toBe(expected);
  });
});
