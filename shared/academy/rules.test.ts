import { describe, expect, it } from 'vitest';
import { academyProgressPercent } from './rules';

describe('academyProgressPercent', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [0, 8, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [8, 8, 100],
    [9, 8, 100],
  ])('%s of %s published -> %s%', (completed, published, expected) => {
    expect(academyProgressPercent(completed, published)).toBe(expected);
  });
});
