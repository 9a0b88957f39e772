/**
 * Turns a failed auth-form schema into what the screen shows: the first message per field (inline) and one
 * toast for the first invalid field, titled as spec section 8 says ("Invalid Name", "Invalid Email",
 * "Weak Password"; anything else "Error").
 */
import type { ToastInput } from '../../components/ui/toast';

export type FieldErrors = Partial<Record<string, string>>;

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
