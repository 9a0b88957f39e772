import { describe, expect, it } from 'vitest';
import { moveWithinCategory } from './manage-order';

const items = [
  { id: 'a1', category: 'A' },
  { id: 'a2', category: 'A' },
  { id: 'b1', category: 'B' },
  { id: 'a3', category: 'A' },
];

describe('moveWithinCategory', () => {
  it('swaps an item with its neighbour in its own category only', () => {
    expect(moveWithinCategory(items, 'a2', -1)).toEqual(['a2', 'a1', 'a3']);
    expect(moveWithinCategory(items, 'a2', 1)).toEqual(['a1', 'a3', 'a2']);
  });

  it('cannot move past either end of the category, nor move an unknown item', () => {
    expect(moveWithinCategory(items, 'a1', -1)).toBeUndefined();
    expect(moveWithinCategory(items, 'a3', 1)).toBeUndefined();
    expect(moveWithinCategory(items, 'b1', 1)).toBeUndefined();
    expect(moveWithinCategory(items, 'zz', 1)).toBeUndefined();
  });
});
