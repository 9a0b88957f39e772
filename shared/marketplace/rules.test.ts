import { describe, expect, it } from 'vitest';
import { isLastOne } from './rules';

describe('isLastOne', () => {
  it.each([
    [1, false, true],
    [2, false, false],
    [1, true, false],
    [0, false, false],
  ])('stock %s, archived %s -> %s', (availableStock, isArchived, expected) => {
    expect(isLastOne({ availableStock, isArchived })).toBe(expected);
  });
});
