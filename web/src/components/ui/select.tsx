/**
 * Select (Radix): a button that opens a list of choices; keyboard: Enter, Space or the arrows open it, the arrows
 * and typing move, Enter chooses, Escape closes. SelectField binds it to a form value by name.
 */
import * as SelectPrimitive from '@radix-ui/react-select';
import type { Ref } from 'react';
import { useController } from 'react-hook-form';
import type { Choice } from './choice';
import { Field, type FieldControlProps } from './field';
import { CheckMark } from './check-mark';
import styles from './pickers.module.css';

export interface SelectProps extends Partial<FieldControlProps> {
  options: readonly Choice[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  name?: string;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function Select({
  options,
  value,
  onValueChange,
  placeholder = 'Select…',
  name,
  disabled,
  onBlur,
  ref,
  ...control
}: SelectProps) {
  return (
    <SelectPrimitive.Root value={value ?? ''} onValueChange={onValueChange} name={name} disabled={disabled}>
      <SelectPrimitive.Trigger ref={ref} className={styles.trigger} onBlur={onBlur} {...control}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon className={styles.chevron} aria-hidden="true">
          ▾
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content position="popper" sideOffset={6} className={styles.listbox}>
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item key={option.value} value={option.value} className={styles.option}>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className={styles.check}>
                  <CheckMark />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly Choice[];
  placeholder?: string;
  hint?: string;
  optional?: boolean;
}

export function SelectField({ name, label, options, placeholder, hint, optional }: SelectFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Field name={name} label={label} error={fieldState.error?.message} hint={hint} optional={optional}>
      {(control) => (
        <Select
          {...control}
          ref={field.ref}
          name={name}
          options={options}
          placeholder={placeholder}
          value={field.value as string | undefined}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}
