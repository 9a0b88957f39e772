/**
 * Radio group (Radix): one tab stop, the arrows move and choose. RadioGroupField binds it to a form value by name,
 * labelled by its visible title.
 */
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import type { Choice } from './choice';
import inputStyles from './input.module.css';
import styles from './pickers.module.css';

export interface RadioGroupFieldProps {
  name: string;
  label: string;
  options: readonly Choice[];
  hint?: string;
  optional?: boolean;
  orientation?: 'horizontal' | 'vertical';
}

export function RadioGroupField({ name, label, options, hint, optional, orientation = 'vertical' }: RadioGroupFieldProps) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  // The form binding focuses an invalid field through its ref: for a group, its chosen radio or else the first.
  const focusTarget = {
    focus: () => group.current?.querySelector<HTMLElement>('[role="radio"][data-state="checked"], [role="radio"]')?.focus(),
  };

  return (
    <div className={inputStyles.field} data-field={name}>
      <span id={`${id}-label`} className={inputStyles.label}>
        {label}
        {optional && <span className={inputStyles.optional}> (optional)</span>}
      </span>
      <RadioGroupPrimitive.Root
        ref={(element) => {
          group.current = element;
          field.ref(element ? focusTarget : null);
        }}
        name={name}
        value={(field.value as string | undefined) ?? ''}
        onValueChange={field.onChange}
        orientation={orientation}
        className={orientation === 'horizontal' ? styles.radioRow : styles.radioColumn}
        aria-labelledby={`${id}-label`}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <div key={option.value} className={styles.checkRow}>
            <RadioGroupPrimitive.Item id={`${id}-${option.value}`} value={option.value} className={styles.radio}>
              <RadioGroupPrimitive.Indicator className={styles.radioDot} />
            </RadioGroupPrimitive.Item>
            <label htmlFor={`${id}-${option.value}`} className={styles.checkLabel}>
              {option.label}
            </label>
          </div>
        ))}
      </RadioGroupPrimitive.Root>
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
