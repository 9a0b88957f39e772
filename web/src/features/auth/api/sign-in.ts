/**
 * Signing in: Cognito's answer decides the next step. Signed in: the welcome toast, the cached user is dropped
 * (the only query a sign-in changes) and the app opens at /. Not confirmed yet: a fresh code is e-mailed (Cognito
 * sends none on a sign-in attempt) and the screen asks for it. A reset forced by an administrator: the reset form.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SignInInput } from '@shared/auth/schemas';
import { toast } from '@web/components/ui/toast';
import { userQueryKey } from '@web/lib/auth';
import { authErrorToast } from '../validation';
import { resendConfirmationCode, signInWithPassword } from './cognito';

export interface SignInSteps {
  onNeedsConfirmation: (email: string) => void;
  onNeedsPasswordReset: () => void;
}

export function useSignIn({ onNeedsConfirmation, onNeedsPasswordReset }: SignInSteps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: SignInInput) => signInWithPassword(email, password),
    onSuccess: async (outcome, { email }) => {
      if (outcome === 'signed-in') {
        toast({ title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
        queryClient.removeQueries({ queryKey: userQueryKey });
        await navigate('/', { replace: true });
      } else if (outcome === 'confirm-sign-up') {
        await resendConfirmationCode(email).catch((error: unknown) => toast(authErrorToast(error)));
        onNeedsConfirmation(email);
      } else {
        onNeedsPasswordReset();
      }
    },
    onError: (error) => toast(authErrorToast(error)),
  });
}
