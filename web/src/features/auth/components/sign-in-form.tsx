import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { signInSchema } from '../../../../../shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { userQueryKey } from '../../../lib/auth';
import { resendConfirmationCode, signInWithPassword } from '../api/cognito';
import { authErrorToast, toFieldErrors, validationToast, type FieldErrors } from '../validation';
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
  const [values, setValues] = useState({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

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

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      const message = validationToast(FIELD_ORDER, fieldErrors);
      if (message) toast(message);
      return;
    }
    signIn.mutate(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            placeholder="you@company.com"
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => update('password')(event.target.value)}
          />
        )}
      </Field>
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
