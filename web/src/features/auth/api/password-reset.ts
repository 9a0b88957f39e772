/**
 * Password reset: ask Cognito to e-mail a reset link (with its code), or to text the code to the account's verified
 * phone when its e-mail is not verified (an SMS-invited consumer), then set the new password with that code.
 */
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { requestPasswordReset, setNewPassword, type ResetCodeDelivery } from './cognito';

/**
 * The toast after a reset request: the required words for the e-mail; for a text, where it went (docs/decisions.md).
 */
export function resetSentToast(delivery: ResetCodeDelivery): { title: string; description: string } {
  if (delivery.medium === 'SMS') {
    return {
      title: 'Password reset code sent!',
      description: `Check your phone: we texted a reset code to ${delivery.destination}.`,
    };
  }
  return { title: 'Password reset email sent!', description: 'Check your email for a password reset link.' };
}

export function useRequestPasswordReset({ onSent }: { onSent: (email: string, delivery: ResetCodeDelivery) => void }) {
  return useMutation({
    mutationFn: (email: string) => requestPasswordReset(email).then((delivery) => ({ email, delivery })),
    onSuccess: ({ email, delivery }) => {
      toast({ ...resetSentToast(delivery), variant: 'success', group: AUTH_TOAST_GROUP });
      onSent(email, delivery);
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
