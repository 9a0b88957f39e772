import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { useFormValues } from '@web/lib/use-form-values';
import { requestPasswordReset } from '../api/cognito';
import { authErrorToast, resetPasswordFormSchema, validateAuthForm } from '../validation';
import styles from './auth-page.module.css';

export function ResetPasswordForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const form = useFormValues({ email: '' });

  const reset = useMutation({
    mutationFn: (address: string) => requestPasswordReset(address).then(() => address),
    onSuccess: (address) => {
      toast({ title: 'Password reset email sent!', description: 'Check your email for a password reset link.', variant: 'success' });
      onSent(address);
    },
    onError: (failure) => toast(authErrorToast(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = validateAuthForm(form, resetPasswordFormSchema, ['email']);
    if (request) reset.mutate(request.email);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
      <Button type="submit" block size="lg" isLoading={reset.isPending}>
        Send Reset Email
      </Button>
      <div className={styles.row}>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
