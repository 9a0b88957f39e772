/**
 * The quote wizard's form state in React (the pure parts are in ../form-state.ts): one object of values, checked
 * through `toChecked` (the answers on screen, numbers parsed) with the current step's schema. Messages appear when
 * `check` refuses (Next, or the submit) on the fields it flagged, then follow each change of those fields and of
 * any field edited since, until the step changes; a field that only appeared since (another branch chosen) waits
 * for the next Next. The server's field messages stay until their field is edited.
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

/** After a refused check: the schema whose messages follow the values, and the fields whose messages are shown. */
interface Checking {
  schema: z.ZodMiniType;
  shown: ReadonlySet<string>;
}

export function useQuoteFormState(
  initialValues: () => QuoteFormValues,
  toChecked: (values: QuoteFormValues) => unknown,
): QuoteForm {
  const [values, setValues] = useState(initialValues);
  const [checking, setChecking] = useState<Checking | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const checked = useMemo(() => toChecked(values), [toChecked, values]);

  const clientErrors = useMemo(() => {
    if (!checking) return {};
    const errors = errorsFromIssues(checking.schema.safeParse(checked).error?.issues ?? []);
    return Object.fromEntries(Object.entries(errors).filter(([path]) => checking.shown.has(path)));
  }, [checking, checked]);

  const setValue = useCallback((name: string, value: unknown) => {
    setValues((current) => setPath(current, name, value));
    setServerErrors((current) => withoutPath(current, name));
    // A field edited after a refused Next follows its own rules from now on, as the flagged ones do.
    setChecking((current) =>
      current && !current.shown.has(name) ? { ...current, shown: new Set([...current.shown, name]) } : current,
    );
  }, []);

  const check = useCallback(
    <T,>(schema: z.ZodMiniType<T>) => {
      const result = schema.safeParse(checked);
      if (result.success) {
        setChecking(null);
        return { ok: true as const, data: result.data };
      }
      const errors = errorsFromIssues(result.error.issues);
      setChecking({ schema, shown: new Set(Object.keys(errors)) });
      return { ok: false as const, errors };
    },
    [checked],
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
