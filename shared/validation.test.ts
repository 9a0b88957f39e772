import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  controlCharactersMessage,
  freeText,
  hasNoControlCharacters,
  nameText,
  stripControlCharacters,
  INVALID_INPUT,
  INVALID_NUMBER,
  INVALID_PHONE_MESSAGE,
  blankToNull,
  hasAtMostDecimals,
  integer,
  number,
  phoneNumber,
  requiredText,
  text,
} from './validation';

const messages = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('blankToNull', () => {
  const schema = z.object({ website: blankToNull(text().max(5, 'Too long')) });

  it.each([[{}], [{ website: undefined }], [{ website: null }], [{ website: '' }], [{ website: '   ' }]])(
    'stores %j as null',
    (input) => {
      expect(schema.parse(input)).toEqual({ website: null });
    },
  );

  it('keeps and trims a present value and still applies the inner rules', () => {
    expect(schema.parse({ website: ' a.io ' })).toEqual({ website: 'a.io' });
    expect(messages(schema.safeParse({ website: 'abcdef' }))).toEqual(['Too long']);
  });
});

describe('requiredText', () => {
  const schema = requiredText('Name is required');

  it.each([[undefined], [null], [''], ['   ']])('reads the required message for %j', (input) => {
    expect(messages(schema.safeParse(input))).toEqual(['Name is required']);
  });

  it('reads "Invalid input" for a value of the wrong type', () => {
    expect(messages(schema.safeParse(42))).toEqual([INVALID_INPUT]);
  });

  it('trims accepted text', () => {
    expect(schema.parse('  Ann ')).toBe('Ann');
  });
});

describe('number and integer', () => {
  it('reads the required message only when the value is missing', () => {
    expect(messages(number('Required').safeParse(undefined))).toEqual(['Required']);
    expect(messages(number().safeParse(undefined))).toEqual([INVALID_NUMBER]);
  });

  it.each([['12'], [Number.NaN], [Number.POSITIVE_INFINITY], [null]])('reads "Invalid number" for %s', (input) => {
    expect(messages(number('Required').safeParse(input))).toEqual([INVALID_NUMBER]);
  });

  it('accepts whole numbers only as integers', () => {
    expect(integer().safeParse(3).success).toBe(true);
    expect(messages(integer().safeParse(3.5))).toEqual([INVALID_NUMBER]);
    expect(messages(integer(undefined, 'Whole numbers only').safeParse(3.5))).toEqual(['Whole numbers only']);
  });
});

describe('hasAtMostDecimals', () => {
  it.each([
    [99.99, 2, true],
    [99.999, 2, false],
    [4.5, 1, true],
    [4.55, 1, false],
    [7, 0, true],
  ])('%s with at most %s decimals -> %s', (value, places, expected) => {
    expect(hasAtMostDecimals(places)(value)).toBe(expected);
  });
});

describe('phoneNumber', () => {
  it.each([
    ['+14155552671', '+14155552671'],
    ['(415) 555-2671', '4155552671'],
    ['415.555.2671', '4155552671'],
    ['+44 20 7946 0958', '+442079460958'],
    ['12', '12'],
    ['+123456789012345', '+123456789012345'],
  ])('accepts %s as %s', (input, stored) => {
    expect(phoneNumber().parse(input)).toBe(stored);
  });

  it.each(['0123456789', '+0123', '1', '+1234567890123456', '415-555-CALL', '+'])('rejects %s', (input) => {
    expect(messages(phoneNumber().safeParse(input))).toEqual([INVALID_PHONE_MESSAGE]);
  });
});

describe('control and text-direction characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['escape', '\u001B'],
    ['DEL', '\u007F'],
    ['a C1 control', '\u0085'],
    ['a line break', '\n'],
    ['a tab', '\t'],
    ['right-to-left override', '\u202E'],
    ['left-to-right embedding', '\u202A'],
    ['pop directional formatting', '\u202C'],
    ['first strong isolate', '\u2068'],
    ['pop directional isolate', '\u2069'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
  ])('a name with %s is refused, naming the field', (_label, character) => {
    expect(hasNoControlCharacters(`Ann${character}Lee`)).toBe(false);
    expect(messages(nameText('Trim').safeParse(`Ann${character}Lee`))).toEqual([controlCharactersMessage('Trim')]);
    expect(controlCharactersMessage('Trim')).toBe('Trim cannot contain control or text-direction characters');
  });

  it('accepts names in any script, with accents, apostrophes and hyphens', () => {
    for (const name of ['José Álvarez', 'Zoë O’Neil', 'محمد', '李小龙', 'Škoda-Citroën']) {
      expect(hasNoControlCharacters(name)).toBe(true);
    }
  });

  it('strips them from notes, keeping tabs and line breaks', () => {
    expect(stripControlCharacters('a\u0000b\u202Ec\u2066d\u0007e\r\n\tf')).toBe('abcde\r\n\tf');
  });

  it('reads a note that is only such characters as blank (null), and measures the cleaned text', () => {
    const note = freeText(5, 'Notes must be less than 5 characters');
    expect(note.parse('\u202E\u0000 ')).toBeNull();
    expect(note.parse(' ab\u202Ecde\u0000 ')).toBe('abcde');
    expect(messages(note.safeParse('abcdef'))).toEqual(['Notes must be less than 5 characters']);
    expect(note.parse(undefined)).toBeNull();
  });
});
