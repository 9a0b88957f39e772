/** Confirming a new account with the e-mailed code, and sending a fresh code. */
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { confirmEmail, resendConfirmationCode } from './cognito';

export function useConfirmSignUp(email: string, { onConfirmed }: { onConfirmed: () => void }) {
  return useMutation({
    mutationFn: (code: string) => confirmEmail(email, code),
    onSuccess: onConfirmed,
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
