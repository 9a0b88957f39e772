/** Checkbox (Radix): Space toggles. CheckboxField binds it to a boolean form value by name, its label beside it. */
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useId, type ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import inputStyles from './input.module.css';
import styles from './pickers.module.css';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root className={[styles.checkbox, className].filter(Boolean).join(' ')} {...props}>
      <CheckboxPrimitive.Indicator className={styles.checkboxMark} aria-hidden="true">
        ✓
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export interface CheckboxFieldProps {
  name: string;
  label: string;
  hint?: string;
}

export function CheckboxField({ name, label, hint }: CheckboxFieldProps) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={inputStyles.field} data-field={name}>
      <div className={styles.checkRow}>
        <Checkbox
          id={id}
          ref={field.ref}
          name={name}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className={inputStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={inputStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
