import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors';
import { decodeCursor, decodeListingCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from './list-cursor';

const encoded = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('the list cursor', () => {
  it('gives back the two parts it was made of, whatever characters they hold', () => {
    const cursor = encodeCursor('Ünïcode "Motors" #1', '1ann\tC1\t797\tD1');

    expect(decodeCursor(cursor)).toEqual(['Ünïcode "Motors" #1', '1ann\tC1\t797\tD1']);
  });

  it('gives the position of its own listing only', () => {
    const cursor = encodeCursor('all#active#*', 'toyota#rav4#V1');

    expect(decodeListingCursor(cursor, 'all#active#*')).toBe('toyota#rav4#V1');
    expect(() => decodeListingCursor(cursor, 'dealership#D1#active#*')).toThrow(INVALID_CURSOR_MESSAGE);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['empty', ''],
    ['not two strings', encoded([1, 2])],
    ['one part', encoded(['a'])],
    ['three parts', encoded(['a', 'b', 'c'])],
    ['an empty part', encoded(['all#all#*', ''])],
    ['a part longer than a sort key may be', encoded(['all#all#*', 'é'.repeat(513)])],
  ])('answers 400 "Invalid cursor" on the cursor field for a cursor that is %s', (_case, value) => {
    expect(() => decodeCursor(value)).toThrow(BadRequestError);
    try {
      decodeCursor(value);
    } catch (error) {
      expect((error as BadRequestError).toBody()).toEqual({
        error: { code: 'bad_request', message: INVALID_CURSOR_MESSAGE, fields: { cursor: INVALID_CURSOR_MESSAGE } },
      });
    }
  });
});
