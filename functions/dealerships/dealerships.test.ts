import { describe, expect, it } from 'vitest';
import { BadRequestError } from '@functions/lib/errors';
import { decodeDealershipCursor, encodeDealershipCursor, unitsSoldMonths } from './dealerships';

describe('unitsSoldMonths', () => {
  it('is the current UTC month and the 5 before it, newest first, across a year boundary', () => {
    expect(unitsSoldMonths(new Date('2026-03-02T12:00:00.000Z'))).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
    ]);
  });

  it('uses the UTC month even when it is still the previous month in America', () => {
    expect(unitsSoldMonths(new Date('2026-05-01T02:00:00.000Z'))[0]).toBe('2026-05');
  });
});

describe('the list cursor', () => {
  it('round-trips a name with any characters', () => {
    const cursor = { name: 'Ünïcode "Motors" #1', id: '01JABC' };

    expect(decodeDealershipCursor(encodeDealershipCursor(cursor))).toEqual(cursor);
  });

  it.each(['not-a-cursor', '', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["a"]').toString('base64url')])(
    'refuses %j with 400 "Invalid cursor"',
    (value) => {
      expect(() => decodeDealershipCursor(value)).toThrow(new BadRequestError('Invalid cursor', { cursor: 'Invalid cursor' }));
    },
  );
});
