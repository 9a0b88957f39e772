/**
 * The wizard's form fields, bound to its react-hook-form form by name. Native controls only (select, radio,
 * checkbox): the public page carries no widget library, to stay far under its 100 KB first-load budget. Each field
 * marks its wrapper with `data-field` (the first invalid one gets focus) and a required field shows an asterisk
 * (spec section 5), hidden from screen readers, which hear `aria-required` instead.
 */
import { useId, type ReactNode } from 'react';
import { get, useController, useFormContext, useFormState, type FieldErrors } from 'react-hook-form';
import { parseNumberInput } from '@web/components/ui/form-rules';
import inputStyles from '@web/components/ui/input.module.css';
import styles from './quote.module.css';

export function errorMessage(errors: FieldErrors, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

function useError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return errorMessage(errors, name);
}

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' *'}
    </span>
  );
}

interface FieldShellProps {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  children: (control: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    'aria-required'?: boolean;
  }) => ReactNode;
}

function FieldShell({ name, label, required, error, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={inputStyles.field} data-field={name}>
      <label htmlFor={id} className={inputStyles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        'aria-required': required || undefined,
      })}
      {error && (
        <p id={errorId} className={inputStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextProps {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
}

export function TextInput({ name, label, required, type = 'text', autoComplete, inputMode, placeholder }: TextProps) {
  const { register } = useFormContext();
  const error = useError(name);
  return (
    <FieldShell name={name} label={label} required={required} error={error}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type={type}
          className={inputStyles.input}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
        />
      )}
    </FieldShell>
  );
}

/** A number typed as text (see parseNumberInput): a number, undefined when blank, NaN when not a number. */
export function NumberInput({
  name,
  label,
  required,
  integer,
}: {
  name: string;
  label: string;
  required?: boolean;
  integer?: boolean;
}) {
  const { register } = useFormContext();
  const error = useError(name);
  return (
    <FieldShell name={name} label={label} required={required} error={error}>
      {(control) => (
        <input
          {...control}
          {...register(name, { setValueAs: (value: unknown) => (typeof value === 'string' ? parseNumberInput(value) : value) })}
          type="text"
          inputMode={integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          className={inputStyles.input}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string | number;
  label: string;
}

/** A native select; `numeric` keeps the chosen value a number (blank stays ''). */
export function SelectInput({
  name,
  label,
  options,
  required,
  numeric,
  placeholder = 'Select...',
}: {
  name: string;
  label: string;
  options: readonly Option[];
  required?: boolean;
  numeric?: boolean;
  placeholder?: string;
}) {
  const { register } = useFormContext();
  const error = useError(name);
  return (
    <FieldShell name={name} label={label} required={required} error={error}>
      {(control) => (
        <select
          {...control}
          {...register(name, numeric ? { setValueAs: (value: string) => (value === '' ? '' : Number(value)) } : {})}
          className={`${inputStyles.input} ${styles.select}`}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A group of radio buttons in a fieldset (its legend is the question). */
function RadioGroupShell({
  name,
  legend,
  required,
  error,
  variant = 'inline',
  hideLegend = false,
  children,
}: {
  name: string;
  legend: string;
  required?: boolean;
  error?: string;
  variant?: 'inline' | 'cards';
  /** When the step's heading already asks the question: the legend is for screen readers only. */
  hideLegend?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.fieldset} data-field={name} aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'visually-hidden' : inputStyles.label}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={variant === 'cards' ? styles.choiceCards : styles.choices}>{children(errorId)}</div>
      {error && (
        <p id={errorId} className={inputStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice among strings (a radio per option); `cards` shows them as large tappable cards. */
export function RadioChoice({
  name,
  legend,
  options,
  required,
  variant,
  hideLegend,
}: {
  name: string;
  legend: string;
  options: readonly Option[];
  required?: boolean;
  variant?: 'inline' | 'cards';
  hideLegend?: boolean;
}) {
  const { register } = useFormContext();
  const error = useError(name);
  return (
    <RadioGroupShell name={name} legend={legend} required={required} error={error} variant={variant} hideLegend={hideLegend}>
      {() =>
        options.map((option) => (
          <label key={option.value} className={variant === 'cards' ? styles.choiceCard : styles.choice}>
            <input type="radio" value={option.value} {...register(name)} />
            <span>{option.label}</span>
          </label>
        ))
      }
    </RadioGroupShell>
  );
}

/** A yes/no question held as a boolean. */
export function YesNo({ name, legend }: { name: string; legend: string }) {
  const { field } = useController({ name });
  const error = useError(name);
  const value = field.value === true;
  return (
    <RadioGroupShell name={name} legend={legend} error={error}>
      {() => (
        <>
          <label className={styles.choice}>
            <input
              ref={field.ref}
              type="radio"
              name={field.name}
              checked={value}
              onChange={() => field.onChange(true)}
              onBlur={field.onBlur}
            />
            <span>Yes</span>
          </label>
          <label className={styles.choice}>
            <input type="radio" name={field.name} checked={!value} onChange={() => field.onChange(false)} onBlur={field.onBlur} />
            <span>No</span>
          </label>
        </>
      )}
    </RadioGroupShell>
  );
}

/** A single checkbox held as a boolean. */
export function CheckboxInput({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  return (
    <label className={styles.checkbox} data-field={name}>
      <input type="checkbox" {...register(name)} />
      <span>{label}</span>
    </label>
  );
}

/** Several checkboxes held as the list of the ticked values. */
export function CheckboxList({ name, legend, options }: { name: string; legend: string; options: readonly string[] }) {
  const { register } = useFormContext();
  return (
    <fieldset className={styles.fieldset} data-field={name}>
      <legend className={inputStyles.label}>{legend}</legend>
      <div className={styles.checkboxGrid}>
        {options.map((option) => (
          <label key={option} className={styles.checkbox}>
            <input type="checkbox" value={option} {...register(name)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
