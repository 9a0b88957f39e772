/**
 * The one form binding: react-hook-form with the shared zod schemas, and field components bound by name.
 *
 *   const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
 *   <Form form={form} onSubmit={(values) => signIn.mutateAsync(values)} aria-label="Sign in">
 *     <TextField name="email" label="Email" type="email" autoComplete="username" />
 *     <SubmitButton>Sign In</SubmitButton>
 *   </Form>
 *
 * What every form gets from here, so no screen has to remember it:
 * - a submit is guarded from its first event: while `onSubmit`'s promise runs, another click or Enter sends
 *   nothing (no second request, toast or e-mail), and the submit button shows it is busy;
 * - on a failed submit, each field shows its first message (`aria-invalid`, `aria-describedby`) and focus moves
 *   to the first invalid field in the order the form shows them;
 * - when `onSubmit` fails with the API's `error.fields` (dotted paths), each message lands on its field
 *   (placeServerErrors), messages about no field are shown at the top of the form, and focus moves as above.
 *   Reporting the failure itself (the toast) stays with `onSubmit`: mutations do it in their `onError`.
 * - numbers: the input holds text, the form values and schemas hold numbers (see parseNumberInput).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useEffect,
  useRef,
  type FocusEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  get,
  useController,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';
import { isApiError } from '@web/lib/api-client';
import { Button, type ButtonProps } from './button';
import { Field } from './field';
import { invalidFieldsInOrder, parseNumberInput, placeServerErrors, type FieldMessage } from './form-rules';
import { Input } from './input';
import styles from './input.module.css';

/** A schema whose input is the form's values (an object). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A react-hook-form form validated by `schema`: values typed as the schema's input, `onSubmit` gets its output. */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    // Focus is moved by <Form>, in the order the fields are shown (react-hook-form's follows registration).
    shouldFocusError: false,
    ...options,
  });
}

/** The error key under which messages about no field of the form are kept (shown at the top of the form). */
const FORM_ERROR = 'root.server';

export interface FormProps<Values extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid'
> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Runs with the parsed values; the form counts as submitting until the promise settles. */
  onSubmit: (values: Output) => Promise<unknown>;
  /** After a submit the schema refused: the invalid fields in the order the form shows them (e.g. to toast the first). */
  onInvalid?: (invalid: FieldMessage[]) => void;
  children: ReactNode;
}

export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...props
}: FormProps<Values, Output>) {
  const element = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);

  /** The names of the fields the form shows, in order (each bound field marks its wrapper with data-field). */
  const fieldNames = (): string[] =>
    [...(element.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])]
      .map((field) => field.dataset.field ?? '')
      .filter(Boolean);

  const focusFirst = (invalid: FieldMessage[]): void => {
    if (invalid[0]) form.setFocus(invalid[0].name as never);
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // The guard: set synchronously on the first event, before React re-renders the button as busy.
    if (submitting.current) return;
    submitting.current = true;
    try {
      await form.handleSubmit(
        async (values) => {
          try {
            await onSubmit(values);
          } catch (error) {
            showServerErrors(error);
          }
        },
        (errors: FieldErrors<Values>) => {
          const invalid = invalidFieldsInOrder(fieldNames(), (name) => messageOf(errors, name));
          focusFirst(invalid);
          onInvalid?.(invalid);
        },
      )(event);
    } finally {
      submitting.current = false;
    }
  };

  const showServerErrors = (error: unknown): void => {
    if (!isApiError(error) || !error.fields) return;
    const { placed, unplaced } = placeServerErrors(error.fields, fieldNames());
    for (const { name, message } of placed) form.setError(name as never, { type: 'server', message });
    if (unplaced.length > 0) form.setError(FORM_ERROR as never, { type: 'server', message: unplaced.join(' ') });
    focusFirst(placed);
  };

  return (
    <FormProvider {...form}>
      <form ref={element} noValidate onSubmit={(event) => void submit(event)} {...props}>
        <FormError />
        {children}
      </form>
    </FormProvider>
  );
}

function messageOf(errors: FieldErrors, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** Messages of the server about no field of the form. */
function FormError() {
  const { errors } = useFormState();
  const message = messageOf(errors, FORM_ERROR);
  return message ? (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** The message shown under a field: its own, from the schema or the server. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return messageOf(errors, name);
}

/** The form's submit button: busy (spinner, disabled, aria-busy) while the submit runs. */
export function SubmitButton({
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'isLoading'> & { children: ReactNode; pendingLabel?: ReactNode }) {
  const { pendingLabel, ...button } = props;
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" block size="lg" isLoading={isSubmitting} {...button}>
      {isSubmitting && pendingLabel ? pendingLabel : children}
    </Button>
  );
}

interface BoundFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
}

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'children' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextFieldProps extends BoundFieldProps, NativeInputProps {
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'date';
  /**
   * Completes what was typed when the field is left (e.g. "dealer.com" to "https://dealer.com"), so the person sees
   * what will be saved; the schema applies the same function, so the server agrees.
   */
  complete?: (typed: string) => string;
}

/** A labelled text input bound to the form value `name` (uncontrolled: the browser keeps the text). */
export function TextField({ name, label, hint, optional, type, complete, ...input }: TextFieldProps) {
  const { register, setValue } = useFormContext();
  const error = useFieldError(name);
  const onBlur = complete
    ? (event: FocusEvent<HTMLInputElement>) => {
        const completed = complete(event.target.value);
        if (completed !== event.target.value) setValue(name, completed, { shouldDirty: true });
      }
    : undefined;
  return (
    <Field name={name} label={label} error={error} hint={hint} optional={optional}>
      {(control) => <Input {...control} {...input} type={type} {...register(name, { onBlur })} />}
    </Field>
  );
}

/** A labelled multi-line text bound to the form value `name` (notes and the like; it grows only downwards). */
export function TextAreaField({ name, label, hint, optional, rows = 4 }: BoundFieldProps & { rows?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} error={error} hint={hint} optional={optional}>
      {(control) => <textarea {...control} rows={rows} className={`${styles.input} ${styles.textarea}`} {...register(name)} />}
    </Field>
  );
}

export interface NumberFieldProps extends BoundFieldProps, NativeInputProps {
  /** Whole numbers only (a digits-only keyboard on phones). */
  integer?: boolean;
  /**
   * Shows a number with exactly this many decimals ("3.00" for an APR of 3) whenever the field is not being typed
   * in: as loaded, as set by the form (a derived value) and when left. Only the text changes, and only when it
   * says the same number: a value with more decimals is shown as it is, never rounded.
   */
  decimals?: number;
}

/**
 * A labelled number input: text in the input, a number (or undefined when blank, NaN when not a number) in the
 * form values, checked by the schema. A text input rather than type="number", whose browser clears what it cannot
 * parse (so the schema could never say "Invalid number") and whose value changes on a stray scroll.
 */
export function NumberField({ name, label, hint, optional, integer = false, decimals, ...input }: NumberFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const element = useRef<HTMLInputElement | null>(null);
  const value: unknown = useWatch({ name, disabled: decimals === undefined });
  const registered = register(name, {
    setValueAs: (typed: unknown) => (typeof typed === 'string' ? parseNumberInput(typed) : typed),
  });
  useEffect(() => {
    if (decimals !== undefined && element.current && document.activeElement !== element.current) {
      showWithDecimals(element.current, decimals);
    }
  }, [value, decimals]);
  return (
    <Field name={name} label={label} error={error} hint={hint} optional={optional}>
      {(control) => (
        <Input
          {...control}
          inputMode={integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          {...input}
          type="text"
          {...registered}
          ref={(node) => {
            registered.ref(node);
            element.current = node;
          }}
          onBlur={async (event) => {
            await registered.onBlur(event);
            if (decimals !== undefined) showWithDecimals(event.target, decimals);
          }}
        />
      )}
    </Field>
  );
}

/** Rewrites the input's text with `decimals` decimals when that is the same number (see NumberFieldProps). */
function showWithDecimals(input: HTMLInputElement, decimals: number): void {
  const number = parseNumberInput(input.value);
  if (number === undefined || !Number.isFinite(number)) return;
  const shown = number.toFixed(decimals);
  if (Number(shown) === number && input.value !== shown) input.value = shown;
}

export interface FileFieldProps extends BoundFieldProps {
  /** File types the picker offers, e.g. ".pdf,.png". */
  accept?: string;
}

/** A file picker bound to the form value `name`: the chosen File, or undefined. */
export function FileField({ name, label, hint, optional, accept }: FileFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Field name={name} label={label} error={fieldState.error?.message} hint={hint} optional={optional}>
      {(control) => (
        <Input
          {...control}
          ref={field.ref}
          type="file"
          name={name}
          accept={accept}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.files?.[0])}
        />
      )}
    </Field>
  );
}
