/**
 * The auth forms' validation: the form-only schemas (e-mailed codes, new password) and the submit step that
 * turns a failed schema into what the screen shows: the first message per field (inline) and one toast for
 * the first invalid field, titled as spec section 8 says ("Invalid Name", "Invalid Email", "Weak Password";
 * anything else "Error"). Account rules themselves live in shared/auth/schemas.ts.
 */
import * as z from 'zod';
import { emailSchema, passwordSchema, PASSWORDS_DONT_MATCH_MESSAGE } from '@shared/auth/schemas';
import { toast, type ToastInput } from '@web/components/ui/toast';
import type { FieldErrors, FormValues } from '@web/lib/use-form-values';

/** Shown under every field where a password is chosen: the pool's policy in words. */
export const PASSWORD_HINT = 'At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.';

export const CODE_REQUIRED_MESSAGE = 'Enter the code from the email';

/** A code from a Cognito e-mail (confirmation, password reset), as typed. */
export const emailCodeSchema = z.string().trim().min(1, CODE_REQUIRED_MESSAGE);

/** "Reset password": where to send the reset code. */
export const resetPasswordFormSchema = z.object({ email: emailSchema });

/** "Set a new password": the reset code, the new password under the pool's policy, typed twice. */
export const newPasswordFormSchema = z
  .object({ email: emailSchema, code: emailCodeSchema, newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { message: PASSWORDS_DONT_MATCH_MESSAGE, path: ['confirmPassword'] });

/**
 * The submit step of an auth form: the parsed values when the form is valid; otherwise each field shows its
 * first message, the first invalid field in the form's visual order is toasted, and the answer is undefined.
 */
export function validateAuthForm<Schema extends z.ZodType>(
  form: Pick<FormValues<object>, 'values' | 'setErrors'>,
  schema: Schema,
  fieldOrder: readonly string[],
): z.output<Schema> | undefined {
  const parsed = schema.safeParse(form.values);
  if (parsed.success) return parsed.data;
  const errors = toFieldErrors(parsed.error.issues);
  form.setErrors(errors);
  const message = validationToast(fieldOrder, errors);
  if (message) toast(message);
  return undefined;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message of each top-level field. */
export function toFieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

const TOASTS: Record<string, { title: string; fallback: string }> = {
  fullName: { title: 'Invalid Name', fallback: 'Please enter your full name' },
  email: { title: 'Invalid Email', fallback: 'Please enter a valid email address' },
  password: { title: 'Weak Password', fallback: 'Password does not meet security requirements' },
  newPassword: { title: 'Weak Password', fallback: 'Password does not meet security requirements' },
};

/** The toast for the first invalid field in the form's visual order. */
export function validationToast(fieldOrder: readonly string[], errors: FieldErrors): ToastInput | undefined {
  const field = fieldOrder.find((name) => errors[name]);
  if (!field) return undefined;
  return { title: TOASTS[field]?.title ?? 'Error', description: errors[field], variant: 'destructive' };
}

/**
 * The toast for a failed call to Cognito. A password the pool rejects is a "Weak Password" (with Cognito's
 * reasons), an e-mail refused by the PreSignUp trigger an "Invalid Email" (with the trigger's message, which is
 * the spec's company-domain message); anything else is "Error" with the service's message.
 */
export function authErrorToast(error: unknown): ToastInput {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  if (name === 'InvalidPasswordException') {
    return { title: TOASTS.password.title, description: message || TOASTS.password.fallback, variant: 'destructive' };
  }
  if (name === 'UserLambdaValidationException' && PRE_SIGN_UP_PREFIX.test(message)) {
    const reason = message.replace(PRE_SIGN_UP_PREFIX, '').replace(/\.\.$/, '.').trim();
    return { title: TOASTS.email.title, description: reason || TOASTS.email.fallback, variant: 'destructive' };
  }
  return { title: 'Error', description: message || 'Something went wrong. Please try again.', variant: 'destructive' };
}

/** Cognito wraps a trigger's error as "PreSignUp failed with error <message>.". */
const PRE_SIGN_UP_PREFIX = /^PreSignUp failed with error\s*/;
