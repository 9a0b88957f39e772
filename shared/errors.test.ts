import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  ERROR_CODES,
  ERROR_STATUS,
  apiErrorBody,
  badRequestFromZod,
  fieldErrors,
  firstIssueMessage,
  isApiErrorBody,
} from './errors';

const schema = z.object({
  name: z.string().min(1, 'Name is required').max(3, 'Name is too long'),
  tradeIns: z.array(z.object({ year: z.number().min(1900, 'Year too early') })),
});

function failure(input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to fail');
  return result.error;
}

describe('firstIssueMessage', () => {
  it("is the schema's first message", () => {
    expect(firstIssueMessage(failure({ name: '', tradeIns: [{ year: 1800 }] }))).toBe('Name is required');
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field under its dotted path', () => {
    const error = new z.ZodError([
      { code: 'custom', message: 'Name is required', path: ['name'], input: '' },
      { code: 'custom', message: 'Name is too long', path: ['name'], input: '' },
      { code: 'custom', message: 'Year too early', path: ['tradeIns', 0, 'year'], input: 1800 },
      { code: 'custom', message: 'Whole form', path: [], input: {} },
    ]);
    expect(fieldErrors(error)).toEqual({
      name: 'Name is required',
      'tradeIns.0.year': 'Year too early',
      '': 'Whole form',
    });
  });
});

describe('badRequestFromZod', () => {
  it('builds the 400 body with the first message and the field messages', () => {
    expect(badRequestFromZod(failure({ name: 'Alexander', tradeIns: [] }))).toEqual({
      error: { code: 'bad_request', message: 'Name is too long', fields: { name: 'Name is too long' } },
    });
  });
});

describe('apiErrorBody and isApiErrorBody', () => {
  it('omits empty fields', () => {
    expect(apiErrorBody('not_found', 'Deal not found', {})).toEqual({
      error: { code: 'not_found', message: 'Deal not found' },
    });
  });

  it('recognises our body and rejects look-alikes', () => {
    expect(isApiErrorBody(apiErrorBody('conflict', 'This stock number is already in use'))).toBe(true);
    expect(isApiErrorBody({ message: 'Internal Server Error' })).toBe(false);
    expect(isApiErrorBody({ error: { code: 'teapot', message: 'x' } })).toBe(false);
    expect(isApiErrorBody({ error: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
  });

  it('maps every code to its HTTP status', () => {
    expect(ERROR_CODES.map((code) => ERROR_STATUS[code])).toEqual([400, 401, 403, 404, 409, 429, 500, 503]);
  });
});
