/**
 * Confirming a new account with the e-mailed code, and sending a fresh code. With the password typed a moment
 * ago (at sign-up, or at the sign-in that found the account unconfirmed; kept in memory only) the new user is
 * signed in at once and greeted as new; without it, or if that sign-in does not go through, the sign-in form
 * opens with the confirmation notice as before.
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { logger } from '@web/lib/logger';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { confirmEmail, resendConfirmationCode, signInWithPassword } from './cognito';
import { useSignedIn } from './sign-in';

export function useConfirmSignUp(email: string, { password, onConfirmed }: { password?: string; onConfirmed: () => void }) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (code: string) => {
      await confirmEmail(email, code);
      if (!password) return false;
      return signInWithPassword(email, password).then(
        (outcome) => outcome === 'signed-in',
        (error: unknown) => {
          logger.warn('Signing in right after the confirmation failed; the sign-in form takes over', error);
          return false;
        },
      );
    },
    onSuccess: (isSignedIn) => (isSignedIn ? signedIn({ newUser: true }) : onConfirmed()),
    onError: (error) => toast(authErrorToast(error)),
  });
}

export function useResendConfirmationCode(email: string) {
  return useMutation({
    mutationFn: () => resendConfirmationCode(email),
    onSuccess: () =>
      toast({
        title: 'Code sent',
        description: `We sent a new confirmation code to ${email}.`,
        variant: 'success',
        group: AUTH_TOAST_GROUP,
      }),
    onError: (error) => toast(authErrorToast(error)),
  });
}
