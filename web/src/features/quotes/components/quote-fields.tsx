/**
 * The wizard's form fields, bound to its form state (./quote-form.tsx) by name. Native controls only (select,
 * radio, checkbox): the public page carries no widget library, to stay far under its 100 KB first-load budget.
 * Each field marks its wrapper with `data-field` (the first invalid one gets focus) and a required field shows an
 * asterisk, hidden from screen readers, which hear `aria-required` instead.
 */
import { useId, type ReactNode } from 'react';
import inputStyles from '@web/components/ui/input.module.css';
import { useQuoteField } from './quote-form';
import styles from './quote.module.css';

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
    name: string;
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
        name,
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
  const field = useQuoteField<string>(name);
  return (
    <FieldShell name={name} label={label} required={required} error={field.error}>
      {(control) => (
        <input
          {...control}
          value={field.value ?? ''}
          onChange={(event) => field.setValue(event.target.value)}
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

/**
 * A number typed as text: the form keeps the text exactly as typed ("25,000" stays so after Back), and
 * answeredValues turns it into the number the schema checks (parseNumberInput).
 */
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
  const field = useQuoteField<string>(name);
  return (
    <FieldShell name={name} label={label} required={required} error={field.error}>
      {(control) => (
        <input
          {...control}
          value={field.value ?? ''}
          onChange={(event) => field.setValue(event.target.value)}
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
  const field = useQuoteField<string | number>(name);
  return (
    <FieldShell name={name} label={label} required={required} error={field.error}>
      {(control) => (
        <select
          {...control}
          value={String(field.value ?? '')}
          onChange={(event) => {
            const value = event.target.value;
            field.setValue(numeric && value !== '' ? Number(value) : value);
          }}
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
  children: ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.fieldset} data-field={name} aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'visually-hidden' : inputStyles.label}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={variant === 'cards' ? styles.choiceCards : styles.choices}>{children}</div>
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
  const field = useQuoteField<string | number>(name);
  return (
    <RadioGroupShell
      name={name}
      legend={legend}
      required={required}
      error={field.error}
      variant={variant}
      hideLegend={hideLegend}
    >
      {options.map((option) => (
        <label key={option.value} className={variant === 'cards' ? styles.choiceCard : styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={field.value === option.value}
            onChange={() => field.setValue(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </RadioGroupShell>
  );
}

/** A yes/no question held as a boolean. */
export function YesNo({ name, legend }: { name: string; legend: string }) {
  const field = useQuoteField<boolean>(name);
  const value = field.value === true;
  return (
    <RadioGroupShell name={name} legend={legend} error={field.error}>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value} onChange={() => field.setValue(true)} />
        <span>Yes</span>
      </label>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={!value} onChange={() => field.setValue(false)} />
        <span>No</span>
      </label>
    </RadioGroupShell>
  );
}

/** A single checkbox held as a boolean. */
export function CheckboxInput({ name, label }: { name: string; label: string }) {
  const field = useQuoteField<boolean>(name);
  return (
    <label className={styles.checkbox} data-field={name}>
      <input
        type="checkbox"
        name={name}
        checked={field.value === true}
        onChange={(event) => field.setValue(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** Several checkboxes held as the list of the ticked values, in the order offered. */
export function CheckboxList({ name, legend, options }: { name: string; legend: string; options: readonly string[] }) {
  const field = useQuoteField<string[]>(name);
  const ticked = field.value ?? [];
  const toggle = (option: string, on: boolean) =>
    field.setValue(options.filter((candidate) => (candidate === option ? on : ticked.includes(candidate))));
  return (
    <fieldset className={styles.fieldset} data-field={name}>
      <legend className={inputStyles.label}>{legend}</legend>
      <div className={styles.checkboxGrid}>
        {options.map((option) => (
          <label key={option} className={styles.checkbox}>
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={ticked.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
