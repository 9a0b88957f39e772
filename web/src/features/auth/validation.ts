/**
 * The auth forms' validation: the form-only schemas (e-mailed codes, new password) and what a refused submit
 * shows besides the inline messages of the form binding: one toast for the first invalid field, titled after the
 * field ("Invalid Name", "Invalid Email", "Weak Password";
 * anything else "Error"). Account rules themselves live in shared/auth/schemas.ts.
 */
import * as z from 'zod';
import { accountEmailSchema, passwordSchema, PASSWORDS_DONT_MATCH_MESSAGE } from '@shared/auth/schemas';
import { toast, type ToastInput } from '@web/components/ui/toast';
import type { FieldMessage } from '@web/components/ui/form-rules';

/** Shown under every field where a password is chosen: the pool's policy in words. */
export const PASSWORD_HINT =
  'At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.';

export const CODE_REQUIRED_MESSAGE = 'Enter the code from the email';

/** A code from a Cognito e-mail (confirmation, password reset), as typed. */
export const emailCodeSchema = z.string().trim().min(1, CODE_REQUIRED_MESSAGE);

/** "Confirm your email": the code from the confirmation e-mail. */
export const confirmSignUpFormSchema = z.object({ code: emailCodeSchema });

/** "Reset password": where to send the reset code. */
export const resetPasswordFormSchema = z.object({ email: accountEmailSchema });

/** "Set a new password": the reset code, the new password under the pool's policy, typed twice. */
export const newPasswordFormSchema = z
  .object({ email: accountEmailSchema, code: emailCodeSchema, newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DONT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/** First sign-in of an account an admin created: the password replacing the e-mailed temporary one, typed twice. */
export const firstPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DONT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

/**
 * The toast group of the auth screen (web/src/components/ui/toast.tsx): its forms are one flow, so a success
 * ("Account created!", "Welcome back!") replaces the errors the flow showed before, and a new error the old one.
 */
export const AUTH_TOAST_GROUP = 'auth';

const TOASTS: Record<string, { title: string; fallback: string }> = {
  fullName: { title: 'Invalid Name', fallback: 'Please enter your full name' },
  email: { title: 'Invalid Email', fallback: 'Please enter a valid email address' },
  password: { title: 'Weak Password', fallback: 'Password does not meet security requirements' },
  newPassword: { title: 'Weak Password', fallback: 'Password does not meet security requirements' },
};

/** The toast for a refused auth form: the first invalid field in the order the form shows them. */
export function validationToast(invalid: readonly FieldMessage[]): ToastInput | undefined {
  const [first] = invalid;
  if (!first) return undefined;
  return {
    title: TOASTS[first.name]?.title ?? 'Error',
    description: first.message,
    variant: 'destructive',
    group: AUTH_TOAST_GROUP,
  };
}

/** What an auth form does with a refused submit: one toast for the first invalid field. */
export function toastFirstInvalidField(invalid: readonly FieldMessage[]): void {
  const message = validationToast(invalid);
  if (message) toast(message);
}

/**
 * The toast for a failed call to Cognito. A password the pool rejects is a "Weak Password" (with Cognito's
 * reasons), an e-mail refused by the PreSignUp trigger an "Invalid Email" (with the trigger's message, which is
 * the required company-domain message); anything else is "Error" with the service's message.
 */
export function authErrorToast(error: unknown): ToastInput {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  if (name === 'InvalidPasswordException') {
    return {
      title: TOASTS.password.title,
      description: message || TOASTS.password.fallback,
      variant: 'destructive',
      group: AUTH_TOAST_GROUP,
    };
  }
  if (name === 'UserLambdaValidationException' && PRE_SIGN_UP_PREFIX.test(message)) {
    const reason = message.replace(PRE_SIGN_UP_PREFIX, '').replace(/\.\.$/, '.').trim();
    return {
      title: TOASTS.email.title,
      description: reason || TOASTS.email.fallback,
      variant: 'destructive',
      group: AUTH_TOAST_GROUP,
    };
  }
  return {
    title: 'Error',
    description: message || 'Something went wrong. Please try again.',
    variant: 'destructive',
    group: AUTH_TOAST_GROUP,
  };
}

/** Cognito wraps a trigger's error as "PreSignUp failed with error <message>.". */
const PRE_SIGN_UP_PREFIX = /^PreSignUp failed with error\s*/;
