import { useId, type ReactNode } from 'react';
import styles from './input.module.css';

/** The props a field hands to its control so label, hint and error are wired for assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** The form value it edits: marks the field so the form binding finds its place (first invalid field, server errors). */
  name?: string;
  /** The validation message shown under the control (and announced). */
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with optional hint and error text:
 * `<Field label="Email" error={errors.email}>{(p) => <Input {...p} type="email" />}</Field>`.
 */
export function Field({ label, name, error, hint, optional = false, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional && <span className={styles.optional}> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
