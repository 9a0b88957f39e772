/**
 * The state of a form: its values and the message shown under each invalid field. Editing a field clears
 * that field's message, so a message never outlives the value it was about. The rules live in a pure
 * reducer (tested without React); `useFormValues` binds them to a component and `field(name)` hands a
 * <TextField> everything it needs:
 *
 *   const form = useFormValues({ email: '', password: '' });
 *   <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
 */
import { useCallback, useMemo, useReducer } from 'react';

/** The message to show under each invalid field, by field name. */
export type FieldErrors<Name extends string = string> = Partial<Record<Name, string>>;

/** The fields of `Values` that hold text, the ones a <TextField> can edit. */
export type TextFieldName<Values> = { [Name in keyof Values]-?: Values[Name] extends string ? Name : never }[keyof Values] & string;

export interface FormValuesState<Values> {
  /** What `reset()` goes back to. */
  initial: Values;
  values: Values;
  errors: FieldErrors<keyof Values & string>;
}

export type FormValuesAction<Values> =
  | { type: 'change'; name: keyof Values & string; value: Values[keyof Values] }
  | { type: 'set-errors'; errors: FieldErrors }
  | { type: 'reset'; values?: Values };

export function initialFormValues<Values>(values: Values): FormValuesState<Values> {
  return { initial: values, values, errors: {} };
}

export function formValuesReducer<Values>(state: FormValuesState<Values>, action: FormValuesAction<Values>): FormValuesState<Values> {
  switch (action.type) {
    case 'change': {
      const { [action.name]: _cleared, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [action.name]: action.value }, errors: errors as FieldErrors<keyof Values & string> };
    }
    case 'set-errors':
      return { ...state, errors: withoutEmptyMessages(action.errors) };
    case 'reset': {
      const values = action.values ?? state.initial;
      return { initial: values, values, errors: {} };
    }
  }
}

/** Keeps only the fields that have a message, so `errors` is empty exactly when the form shows none. */
function withoutEmptyMessages<Name extends string>(errors: FieldErrors): FieldErrors<Name> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<Name>;
}

/** The props `field(name)` gives a <TextField>. */
export interface TextFieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

/** The <TextField> props of one text field: its name, value and message, and the change that clears the message. */
export function bindTextField<Values>(
  state: FormValuesState<Values>,
  dispatch: (action: FormValuesAction<Values>) => void,
  name: TextFieldName<Values>,
): TextFieldBinding {
  return {
    name,
    value: state.values[name] as string,
    error: state.errors[name],
    onValueChange: (value) => dispatch({ type: 'change', name, value: value as Values[keyof Values] }),
  };
}

export interface FormValues<Values> {
  values: Values;
  errors: FieldErrors<keyof Values & string>;
  /** The props of a <TextField> for one text field of the form. */
  field: (name: TextFieldName<Values>) => TextFieldBinding;
  /** Sets one value (any type, e.g. a chosen file) and clears that field's message. */
  setValue: <Name extends keyof Values & string>(name: Name, value: Values[Name]) => void;
  /** Replaces every field message, e.g. with the result of validating the form. */
  setErrors: (errors: FieldErrors) => void;
  /** Back to the initial values (or to new ones, which become the initial values) without messages. */
  reset: (values?: Values) => void;
}

/** `initialValues` is read once, on the first render, like `useState`'s initial value. */
export function useFormValues<Values extends object>(initialValues: Values): FormValues<Values> {
  const [state, dispatch] = useReducer(formValuesReducer<Values>, initialValues, initialFormValues);
  const setValue = useCallback(
    <Name extends keyof Values & string>(name: Name, value: Values[Name]) => dispatch({ type: 'change', name, value }),
    [],
  );
  const setErrors = useCallback((errors: FieldErrors) => dispatch({ type: 'set-errors', errors }), []);
  const reset = useCallback((values?: Values) => dispatch({ type: 'reset', values }), []);
  return useMemo(
    () => ({
      values: state.values,
      errors: state.errors,
      field: (name: TextFieldName<Values>) => bindTextField(state, dispatch, name),
      setValue,
      setErrors,
      reset,
    }),
    [state, setValue, setErrors, reset],
  );
}
