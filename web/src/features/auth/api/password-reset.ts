/** Password reset: ask Cognito to e-mail a reset link (with its code), then set the new password with that code. */
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { requestPasswordReset, setNewPassword } from './cognito';

export function useRequestPasswordReset({ onSent }: { onSent: (email: string) => void }) {
  return useMutation({
    mutationFn: (email: string) => requestPasswordReset(email).then(() => email),
    onSuccess: (email) => {
      toast({
        title: 'Password reset email sent!',
        description: 'Check your email for a password reset link.',
        variant: 'success',
        group: AUTH_TOAST_GROUP,
      });
      onSent(email);
    },
    onError: (error) => toast(authErrorToast(error)),
  });
}

export function useSetNewPassword({ onDone }: { onDone: (email: string) => void }) {
  return useMutation({
    mutationFn: ({ email, code, newPassword }: { email: string; code: string; newPassword: string }) =>
      setNewPassword(email, code, newPassword).then(() => email),
    onSuccess: onDone,
    onError: (error) => toast(authErrorToast(error)),
  });
}
