import { describe, expect, it } from 'vitest';
import { formatNumberInput, invalidFieldsInOrder, parseNumberInput, placeServerErrors } from './form-rules';

describe('parseNumberInput', () => {
  it.each([
    ['42', 42],
    [' 42.50 ', 42.5],
    ['-3', -3],
    ['.5', 0.5],
    ['25,000', 25000],
    ['1 250.75', 1250.75],
    ['$450', 450],
    ['$1,250.50', 1250.5],
    ['-$5', -5],
  ])('reads %j as %d', (text, expected) => {
    expect(parseNumberInput(text)).toBe(expected);
  });

  it.each(['', '   ', '$'])('reads blank text %j as no value, so the schema can say the field is required', (text) => {
    expect(parseNumberInput(text)).toBeUndefined();
  });

  it.each(['abc', '12abc', '0x10', '1e3', 'Infinity', '1.2.3', '--1', '$$5', '5$'])(
    'reads %j as NaN, which the schema calls an invalid number',
    (text) => {
      expect(parseNumberInput(text)).toBeNaN();
    },
  );
});

describe('formatNumberInput', () => {
  it('shows a number as its digits and nothing for a missing or non-finite value', () => {
    expect(formatNumberInput(1250.5)).toBe('1250.5');
    expect(formatNumberInput(undefined)).toBe('');
    expect(formatNumberInput(null)).toBe('');
    expect(formatNumberInput(Number.NaN)).toBe('');
  });
});

describe('placeServerErrors', () => {
  const formFields = ['fullName', 'email', 'address', 'tradeIns.0.year', 'tradeIns.1.year'];

  it('puts each message on the field with that dotted path, in the order of the form', () => {
    expect(placeServerErrors({ 'tradeIns.1.year': 'Invalid year', email: 'Invalid email address' }, formFields)).toEqual({
      placed: [
        { name: 'email', message: 'Invalid email address' },
        { name: 'tradeIns.1.year', message: 'Invalid year' },
      ],
      unplaced: [],
    });
  });

  it('puts a message about part of a field on the nearest enclosing field', () => {
    expect(placeServerErrors({ 'address.zip': 'Invalid ZIP code' }, formFields).placed).toEqual([
      { name: 'address', message: 'Invalid ZIP code' },
    ]);
  });

  it('keeps the first message of a field', () => {
    const { placed } = placeServerErrors({ 'address.zip': 'Invalid ZIP code', 'address.city': 'City is required' }, formFields);
    expect(placed).toEqual([{ name: 'address', message: 'Invalid ZIP code' }]);
  });

  it('returns messages about the whole request or about no field of the form, for the form itself to show', () => {
    expect(placeServerErrors({ '': 'Invalid input', dealershipId: 'Dealership not found' }, formFields)).toEqual({
      placed: [],
      unplaced: ['Invalid input', 'Dealership not found'],
    });
  });

  it('does not take a field whose name merely starts like the path', () => {
    expect(placeServerErrors({ emailAddress: 'Taken' }, formFields).unplaced).toEqual(['Taken']);
  });
});

describe('invalidFieldsInOrder', () => {
  it('lists the fields with a message in the order of the form', () => {
    const messages: Record<string, string> = { password: 'Too short', email: 'Invalid email address' };
    expect(invalidFieldsInOrder(['email', 'password', 'confirmPassword'], (name) => messages[name])).toEqual([
      { name: 'email', message: 'Invalid email address' },
      { name: 'password', message: 'Too short' },
    ]);
  });
});
