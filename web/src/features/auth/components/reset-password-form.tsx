import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../../../shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { requestPasswordReset } from '../api/cognito';
import { authErrorToast, validationToast } from '../validation';
import styles from './auth-page.module.css';

export function ResetPasswordForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

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
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      const notice = validationToast(['email'], { email: message });
      if (notice) toast(notice);
      return;
    }
    reset.mutate(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Field label="Email" error={error}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
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
