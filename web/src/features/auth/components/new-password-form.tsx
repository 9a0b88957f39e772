import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { useFormValues } from '@web/lib/use-form-values';
import { setNewPassword } from '../api/cognito';
import { authErrorToast, newPasswordFormSchema, PASSWORD_HINT, validateAuthForm } from '../validation';
import styles from './auth-page.module.css';

const FIELD_ORDER = ['email', 'code', 'newPassword', 'confirmPassword'];

/** Cognito's confirmResetPassword: the code from the reset e-mail and the new password. */
export function NewPasswordForm({ defaultEmail, onDone, onBack }: { defaultEmail: string; onDone: (email: string) => void; onBack: () => void }) {
  const form = useFormValues({ email: defaultEmail, code: '', newPassword: '', confirmPassword: '' });

  const save = useMutation({
    mutationFn: ({ email, code, newPassword }: { email: string; code: string; newPassword: string }) =>
      setNewPassword(email, code, newPassword).then(() => email),
    onSuccess: (email) => onDone(email),
    onError: (failure) => toast(authErrorToast(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reset = validateAuthForm(form, newPasswordFormSchema, FIELD_ORDER);
    if (reset) save.mutate(reset);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
      <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
      <TextField label="Reset code" inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
      <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.field('newPassword')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <Button type="submit" block size="lg" isLoading={save.isPending}>
        Update Password
      </Button>
      <div className={styles.row}>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
