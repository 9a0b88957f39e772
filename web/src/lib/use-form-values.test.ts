import { describe, expect, it, vi } from 'vitest';
import { bindTextField, formValuesReducer, initialFormValues, type FormValuesAction, type FormValuesState } from './use-form-values';

interface SignUpValues {
  fullName: string;
  email: string;
  licenceFile?: File;
}

const start = (): FormValuesState<SignUpValues> => initialFormValues<SignUpValues>({ fullName: '', email: '' });

function run(state: FormValuesState<SignUpValues>, ...actions: FormValuesAction<SignUpValues>[]): FormValuesState<SignUpValues> {
  return actions.reduce(formValuesReducer<SignUpValues>, state);
}

describe('formValuesReducer', () => {
  it('starts from the initial values without messages', () => {
    expect(start()).toEqual({ initial: { fullName: '', email: '' }, values: { fullName: '', email: '' }, errors: {} });
  });

  it('changes one value and keeps the others', () => {
    const state = run(start(), { type: 'change', name: 'email', value: 'ann@leasedesk.com' });
    expect(state.values).toEqual({ fullName: '', email: 'ann@leasedesk.com' });
  });

  it("clears the changed field's message and keeps the other fields' messages", () => {
    const state = run(
      start(),
      { type: 'set-errors', errors: { fullName: 'Please enter your full name', email: 'Invalid email address' } },
      { type: 'change', name: 'email', value: 'ann@leasedesk.com' },
    );
    expect(state.errors).toEqual({ fullName: 'Please enter your full name' });
  });

  it('holds values that are not text, such as a chosen file', () => {
    const file = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    expect(run(start(), { type: 'change', name: 'licenceFile', value: file }).values.licenceFile).toBe(file);
  });

  it('replaces every message on set-errors and drops fields without one', () => {
    const state = run(
      start(),
      { type: 'set-errors', errors: { fullName: 'Please enter your full name' } },
      { type: 'set-errors', errors: { email: 'Invalid email address', fullName: undefined } },
    );
    expect(state.errors).toEqual({ email: 'Invalid email address' });
  });

  it('resets to the initial values and clears the messages', () => {
    const state = run(
      start(),
      { type: 'change', name: 'fullName', value: 'Ann Broker' },
      { type: 'set-errors', errors: { email: 'Invalid email address' } },
      { type: 'reset' },
    );
    expect(state.values).toEqual({ fullName: '', email: '' });
    expect(state.errors).toEqual({});
  });

  it('resets to given values, which later resets go back to', () => {
    const saved = { fullName: 'Ann Broker', email: 'ann@leasedesk.com' };
    const state = run(start(), { type: 'reset', values: saved }, { type: 'change', name: 'fullName', value: 'Ann B.' }, { type: 'reset' });
    expect(state.values).toEqual(saved);
  });

  it('leaves the previous state untouched', () => {
    const before = start();
    run(before, { type: 'change', name: 'email', value: 'ann@leasedesk.com' }, { type: 'set-errors', errors: { fullName: 'x' } });
    expect(before).toEqual(start());
  });
});

describe('bindTextField', () => {
  it("gives a text field its name, value and message", () => {
    const state = run(
      start(),
      { type: 'change', name: 'email', value: 'ann@' },
      { type: 'set-errors', errors: { email: 'Invalid email address' } },
    );
    const { onValueChange, ...props } = bindTextField(state, vi.fn(), 'email');
    expect(onValueChange).toBeTypeOf('function');
    expect(props).toEqual({ name: 'email', value: 'ann@', error: 'Invalid email address' });
  });

  it('gives no message to a valid field', () => {
    expect(bindTextField(start(), vi.fn(), 'fullName').error).toBeUndefined();
  });

  it('turns a typed value into a change of that field', () => {
    const dispatch = vi.fn();
    bindTextField(start(), dispatch, 'fullName').onValueChange('Ann Broker');
    expect(dispatch).toHaveBeenCalledWith({ type: 'change', name: 'fullName', value: 'Ann Broker' });
  });
});
