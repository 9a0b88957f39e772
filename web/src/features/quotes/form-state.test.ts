import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorsFromIssues, getPath, pathsTouch, setPath, withoutIndex, withoutPath } from './form-state';
import { STEP_SCHEMAS, answeredValues, initialQuoteValues } from './wizard';

describe('the quote form state', () => {
  it('reads and writes values by dotted path, array indexes included', () => {
    const values = { name: 'Jo', tradeIns: [{ year: 2019 }, { year: 2020 }] };
    expect(getPath(values, 'tradeIns.1.year')).toBe(2020);
    expect(getPath(values, 'tradeIns.4.year')).toBeUndefined();
    const changed = setPath(values, 'tradeIns.1.year', 2021);
    expect(changed).toEqual({ name: 'Jo', tradeIns: [{ year: 2019 }, { year: 2021 }] });
    expect(Array.isArray(changed.tradeIns)).toBe(true);
  });

  it('copies only the objects along the changed path and never mutates the original', () => {
    const values = { a: { b: 1 }, tradeIns: [{ year: 2019 }, { year: 2020 }] };
    const changed = setPath(values, 'tradeIns.0.year', 2018);
    expect(values.tradeIns[0]!.year).toBe(2019);
    expect(changed.a).toBe(values.a);
    expect(changed.tradeIns[1]).toBe(values.tradeIns[1]);
    expect(changed.tradeIns[0]).not.toBe(values.tradeIns[0]);
  });

  it('reads back whatever it wrote, at any path', () => {
    const segment = fc.constantFrom('a', 'b', 'c');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.anything(), (segments, value) => {
        const path = segments.join('.');
        expect(getPath(setPath({ keep: 1 }, path, value), path)).toBe(value);
      }),
    );
  });

  it('keeps the first message per dotted path, the whole-object issue under ""', () => {
    expect(
      errorsFromIssues([
        { path: ['tradeIns', 0, 'lienholderName'], message: 'Lienholder name is required' },
        { path: ['tradeIns', 0, 'lienholderName'], message: 'second' },
        { path: [], message: 'whole' },
      ]),
    ).toEqual({ 'tradeIns.0.lienholderName': 'Lienholder name is required', '': 'whole' });
  });

  it("turns a step schema's refusal into messages on the wizard's field names", () => {
    const values = setPath(setPath(initialQuoteValues(), 'hasTradeIn', true), 'tradeIns.0.hasLienholder', true);
    const issues = STEP_SCHEMAS[2].safeParse(answeredValues(values)).error?.issues ?? [];
    expect(errorsFromIssues(issues)).toMatchObject({
      'tradeIns.0.lienholderName': 'Lienholder name is required',
      'tradeIns.0.payoffBalance': 'Amount owed is required',
    });
  });

  it("drops a server message when its field, a field inside it or the list holding it is edited, and keeps the others'", () => {
    const errors = { email: 'Invalid email address', 'tradeIns.1.year': 'bad year', phone: 'short' };
    expect(withoutPath(errors, 'email')).toEqual({ 'tradeIns.1.year': 'bad year', phone: 'short' });
    expect(withoutPath(errors, 'tradeIns')).toEqual({ email: 'Invalid email address', phone: 'short' });
    expect(pathsTouch('tradeIns.1', 'tradeIns.1.year')).toBe(true);
    expect(pathsTouch('tradeIns.1', 'tradeIns.10')).toBe(false);
  });

  it('removes one item of a list', () => {
    expect(withoutIndex(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});
