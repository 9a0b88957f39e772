import { describe, expect, it } from 'vitest';
import { academyCategories, academyProgressPercent, academyTestResults, academyTestScore } from './rules';

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

describe('academyTestScore', () => {
  it('scores the share of correct answers as a rounded percentage', () => {
    expect(academyTestScore([0, 1, 2], [0, 1, 2])).toBe(100);
    expect(academyTestScore([0, 1, 2], [0, 0, 2])).toBe(67);
    expect(academyTestScore([0, 1, 2], [1, 0, 0])).toBe(0);
    expect(academyTestScore([3], [3])).toBe(100);
  });

  it('counts a missing answer as wrong and ignores answers beyond the questions', () => {
    expect(academyTestScore([0, 1], [0])).toBe(50);
    expect(academyTestScore([0, 1], [0, 1, 4, 4])).toBe(100);
  });

  it('scores a test without questions 0 rather than dividing by zero', () => {
    expect(academyTestScore([], [])).toBe(0);
  });
});

describe('academyTestResults', () => {
  it('marks each question right or wrong in order, a missing answer wrong', () => {
    expect(academyTestResults([0, 1, 2], [0, 0, 2])).toEqual([true, false, true]);
    expect(academyTestResults([0, 1], [0])).toEqual([true, false]);
  });
});

describe('academyCategories', () => {
  it('lists each category once, in the order of the items', () => {
    expect(academyCategories([{ category: 'A' }, { category: 'A' }, { category: 'B' }, { category: 'C' }])).toEqual([
      'A',
      'B',
      'C',
    ]);
  });
});
