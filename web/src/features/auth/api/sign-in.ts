/**
 * Signing in: Cognito's answer decides the next step. Signed in: the welcome toast ("Welcome back!", or a new
 * user's welcome after confirming the sign-up code or choosing a first password), the cached user is dropped
 * (the only query a sign-in changes) and the app opens at /. Not confirmed yet: a fresh code is e-mailed (Cognito
 * sends none on a sign-in attempt) and the screen asks for it. A reset forced by an administrator: the reset form.
 * An account an administrator created (a dealer login): the first sign-in asks for a new password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignInInput } from '@shared/auth/schemas';
import { toast } from '@web/components/ui/toast';
import { userQueryKey, type SignedInState } from '@web/lib/auth';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { completeFirstSignIn, resendConfirmationCode, signInWithPassword } from './cognito';

export interface SignInSteps {
  /** The account is not confirmed yet; the password typed is kept to sign in once the code is confirmed. */
  onNeedsConfirmation: (email: string, password: string) => void;
  onNeedsPasswordReset: () => void;
  /** First sign-in of an account an admin created: choose a password to replace the temporary one. */
  onNeedsNewPassword: (email: string) => void;
}

/** The welcome of a user signed in for the first time (sign-up code confirmed, first password chosen). */
export const NEW_USER_WELCOME = {
  title: 'Welcome to LeaseDesk!',
  description: 'Your account is ready and you are signed in.',
} as const;

export function useSignedIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async ({ newUser = false }: { newUser?: boolean } = {}) => {
    toast({
      ...(newUser ? NEW_USER_WELCOME : { title: 'Welcome back!', description: "You've successfully logged in." }),
      variant: 'success',
      group: AUTH_TOAST_GROUP,
    });
    queryClient.removeQueries({ queryKey: userQueryKey });
    const state: SignedInState | undefined = newUser ? { newUser: true } : undefined;
    await navigate('/', { replace: true, state });
  };
}

export function useSignIn({ onNeedsConfirmation, onNeedsPasswordReset, onNeedsNewPassword }: SignInSteps) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: ({ email, password }: SignInInput) => signInWithPassword(email, password),
    onSuccess: async (outcome, { email, password }) => {
      if (outcome === 'signed-in') {
        await signedIn();
      } else if (outcome === 'new-password-required') {
        onNeedsNewPassword(email);
      } else if (outcome === 'confirm-sign-up') {
        await resendConfirmationCode(email).catch((error: unknown) => toast(authErrorToast(error)));
        onNeedsConfirmation(email, password);
      } else {
        onNeedsPasswordReset();
      }
    },
    onError: (error) => toast(authErrorToast(error)),
  });
}

/** The first sign-in's new password (NEW_PASSWORD_REQUIRED); then signed in as after any sign-in. */
export function useCompleteFirstSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (newPassword: string) => completeFirstSignIn(newPassword),
    onSuccess: () => signedIn({ newUser: true }),
    onError: (error) => toast(authErrorToast(error)),
  });
}
