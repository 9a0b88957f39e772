import { describe, expect, it } from 'vitest';
import { longestWord, searchWords } from './query';

describe('searchWords', () => {
  it('lower-cases and splits on anything but letters and digits, in any alphabet', () => {
    expect(searchWords('  Ann LEE ')).toEqual(['ann', 'lee']);
    expect(searchWords('ann.lee@example.com')).toEqual(['ann', 'lee', 'example', 'com']);
    expect(searchWords('Mercedes-Benz GLE')).toEqual(['mercedes', 'benz', 'gle']);
    expect(searchWords('Álvarez')).toEqual(['álvarez']);
  });

  it('keeps a typed phone number as one word of its digits', () => {
    expect(searchWords('(555) 010-2030')).toEqual(['5550102030']);
    expect(searchWords('+1 555.010.2030')).toEqual(['15550102030']);
    expect(searchWords('555-0102')).toEqual(['5550102']);
  });

  it('leaves short numbers, years and stock numbers as words', () => {
    expect(searchWords('2026')).toEqual(['2026']);
    expect(searchWords('2026 RAV4')).toEqual(['2026', 'rav4']);
    expect(searchWords('STK-1234')).toEqual(['stk', '1234']);
    expect(searchWords('1HGCM82633A004352')).toEqual(['1hgcm82633a004352']);
  });

  it('drops repeated words and has none for punctuation only', () => {
    expect(searchWords('ann ann')).toEqual(['ann']);
    expect(searchWords('--')).toEqual([]);
  });
});

describe('longestWord', () => {
  it('is the longest usable word, the first of equals', () => {
    expect(longestWord(['ann', 'leeds', 'smith'])).toBe('leeds');
    expect(longestWord(['a', 'bb'], (word) => word.length > 2)).toBeUndefined();
  });
});
