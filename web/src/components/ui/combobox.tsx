/**
 * Combobox with search: a button showing the choice, opening a popover (Radix) with a search box over the list
 * (cmdk). Keyboard: Enter or the arrows open it, typing filters, the arrows move, Enter chooses and closes, Escape
 * closes; focus returns to the button. ComboboxField binds it to a form value by name.
 */
import { Command } from 'cmdk';
import { useState, type ReactNode, type Ref } from 'react';
import { useController } from 'react-hook-form';
import type { Choice } from './choice';
import { Field, type FieldControlProps } from './field';
import { CheckMark } from './check-mark';
import styles from './pickers.module.css';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface ComboboxProps extends Partial<FieldControlProps> {
  options: readonly Choice[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** The search box's label, read by screen readers ("Search makes"). */
  searchLabel: string;
  emptyText?: string;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Select…',
  searchLabel,
  emptyText = 'No results',
  disabled,
  onBlur,
  ref,
  ...control
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <ComboboxTrigger ref={ref} disabled={disabled} onBlur={onBlur} onOpen={() => setOpen(true)} {...control}>
        <span className={chosen ? undefined : styles.placeholder}>{chosen?.label ?? placeholder}</span>
      </ComboboxTrigger>
      <PopoverContent className={styles.comboboxPanel} aria-label={searchLabel}>
        <Command label={searchLabel} className={styles.command}>
          <Command.Input placeholder={`${searchLabel}…`} className={styles.search} />
          <Command.List className={styles.commandList}>
            <Command.Empty className={styles.empty}>{emptyText}</Command.Empty>
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={option.value}
                keywords={[option.label]}
                className={styles.option}
                onSelect={() => {
                  onValueChange(option.value);
                  setOpen(false);
                }}
              >
                {option.label}
                {option.value === value && <CheckMark className={styles.check} />}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

export interface ComboboxTriggerProps extends Partial<FieldControlProps> {
  disabled?: boolean;
  onBlur?: () => void;
  /** The arrows open the list, as they do a select's. */
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
  /** What the button shows: the choice, or a placeholder. */
  children: ReactNode;
}

/** The button of a combobox (this one and ./async-combobox): the choice, a chevron, and the arrows opening it. */
export function ComboboxTrigger({ disabled, onBlur, onOpen, ref, children, ...control }: ComboboxTriggerProps) {
  return (
    <PopoverTrigger
      ref={ref}
      role="combobox"
      className={styles.trigger}
      disabled={disabled}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          onOpen();
        }
      }}
      {...control}
    >
      {children}
      <span className={styles.chevron} aria-hidden="true">
        ▾
      </span>
    </PopoverTrigger>
  );
}

export interface ComboboxFieldProps {
  name: string;
  label: string;
  options: readonly Choice[];
  searchLabel: string;
  placeholder?: string;
  emptyText?: string;
  hint?: string;
  optional?: boolean;
}

export function ComboboxField({ name, label, hint, optional, ...combobox }: ComboboxFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Field name={name} label={label} error={fieldState.error?.message} hint={hint} optional={optional}>
      {(control) => (
        <Combobox
          {...control}
          {...combobox}
          ref={field.ref}
          value={field.value as string | undefined}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}
