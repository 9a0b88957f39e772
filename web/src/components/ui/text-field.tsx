import type { InputHTMLAttributes } from 'react';
import { Field } from './field';
import { Input } from './input';

/** The input types whose value is a string the user types. */
export type TextFieldType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number' | 'date';

/** Field wires id, aria-invalid and aria-describedby; the value comes in and goes out as a string. */
type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextFieldProps extends NativeInputProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Left out, the browser's default: a plain text input. */
  type?: TextFieldType;
  /** The validation message shown under the input (and announced). */
  error?: string;
  hint?: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
}

/**
 * The common labelled text input of a form, usually fed by `useFormValues`:
 * `<TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />`.
 * Anything else an <input> takes (placeholder, inputMode, required, autoFocus...) passes through.
 */
export function TextField({ label, error, hint, optional, onValueChange, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional}>
      {(control) => <Input {...control} {...input} onChange={(event) => onValueChange(event.target.value)} />}
    </Field>
  );
}
