/**
 * The quote wizard's form state in React (the pure parts are in ../form-state.ts): one object of values, the
 * current step's schema, and the messages shown. Messages appear when `check` refuses (Next, or the submit), then
 * follow each change until the step changes; the server's field messages stay until their field is edited.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { errorsFromIssues, getPath, setPath, withoutPath, type FieldErrors } from '../form-state';
import type { QuoteFormValues } from '../wizard';

export interface QuoteForm {
  values: QuoteFormValues;
  /** The message shown on a field, if any. */
  errorOf: (name: string) => string | undefined;
  setValue: (name: string, value: unknown) => void;
  /** Validates with the schema: the parsed values, or the messages (which are then shown, and follow each change). */
  check: <T>(schema: z.ZodMiniType<T>) => { ok: true; data: T } | { ok: false; errors: FieldErrors };
  /** Shows the server's messages on the fields they name. */
  setServerErrors: (errors: FieldErrors) => void;
  /** A new step: no messages until its Next is pressed. */
  resetChecks: () => void;
}

const QuoteFormContext = createContext<QuoteForm | null>(null);

export function useQuoteFormState(initialValues: () => QuoteFormValues): QuoteForm {
  const [values, setValues] = useState(initialValues);
  // The schema whose messages follow the values (set by a refused check, cleared by a new step).
  const [checking, setChecking] = useState<z.ZodMiniType | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const clientErrors = useMemo(
    () => (checking ? errorsFromIssues(checking.safeParse(values).error?.issues ?? []) : {}),
    [checking, values],
  );

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => setPath(current, name, value));
    setServerErrors((current) => withoutPath(current, name));
  }, []);

  const check = useCallback(
    <T,>(schema: z.ZodMiniType<T>) => {
      const result = schema.safeParse(values);
      if (result.success) {
        setChecking(null);
        return { ok: true as const, data: result.data };
      }
      setChecking(() => schema);
      return { ok: false as const, errors: errorsFromIssues(result.error.issues) };
    },
    [values],
  );

  const resetChecks = useCallback(() => setChecking(null), []);

  return useMemo(
    () => ({
      values,
      errorOf: (name: string) => clientErrors[name] ?? serverErrors[name],
      setValue,
      check,
      setServerErrors,
      resetChecks,
    }),
    [values, clientErrors, serverErrors, setValue, check, resetChecks],
  );
}

export function QuoteFormProvider({ form, children }: { form: QuoteForm; children: ReactNode }) {
  return <QuoteFormContext.Provider value={form}>{children}</QuoteFormContext.Provider>;
}

export function useQuoteForm(): QuoteForm {
  const form = useContext(QuoteFormContext);
  if (!form) throw new Error('useQuoteForm needs a QuoteFormProvider');
  return form;
}

/** One field's value, message and setter. */
export function useQuoteField<T = unknown>(name: string) {
  const form = useQuoteForm();
  return {
    value: getPath(form.values, name) as T,
    error: form.errorOf(name),
    setValue: (value: T) => form.setValue(name, value),
  };
}
