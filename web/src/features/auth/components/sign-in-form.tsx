import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { signInSchema } from '@shared/auth/schemas';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { userQueryKey } from '@web/lib/auth';
import { useFormValues } from '@web/lib/use-form-values';
import { resendConfirmationCode, signInWithPassword } from '../api/cognito';
import { authErrorToast, validateAuthForm } from '../validation';
import styles from './auth-page.module.css';

const FIELD_ORDER = ['email', 'password'];

export interface SignInFormProps {
  defaultEmail?: string;
  /** A success message from the previous step (e-mail confirmed, password changed). */
  notice?: string;
  onForgotPassword: () => void;
  onNeedsConfirmation: (email: string) => void;
  onNeedsPasswordReset: () => void;
}

export function SignInForm({ defaultEmail = '', notice, onForgotPassword, onNeedsConfirmation, onNeedsPasswordReset }: SignInFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormValues({ email: defaultEmail, password: '' });

  const signIn = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signInWithPassword(email, password),
    onSuccess: async (outcome, { email }) => {
      if (outcome === 'signed-in') {
        toast({ title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
        queryClient.removeQueries({ queryKey: userQueryKey });
        await navigate('/', { replace: true });
      } else if (outcome === 'confirm-sign-up') {
        // Cognito sends no code on a sign-in attempt: send a fresh one for the confirmation step.
        await resendConfirmationCode(email).catch((error: unknown) => toast(authErrorToast(error)));
        onNeedsConfirmation(email);
      } else {
        onNeedsPasswordReset();
      }
    },
    onError: (error) => toast(authErrorToast(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = validateAuthForm(form, signInSchema, FIELD_ORDER);
    if (credentials) signIn.mutate(credentials);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <TextField label="Email" type="email" autoComplete="username" placeholder="you@company.com" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <div className={styles.row}>
        <Button variant="link" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" block size="lg" isLoading={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
