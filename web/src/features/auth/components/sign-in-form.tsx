import { signInSchema } from '@shared/auth/schemas';
import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { useSignIn, type SignInSteps } from '../api/sign-in';
import { toastFirstInvalidField } from '../validation';
import styles from './auth-page.module.css';

export interface SignInFormProps extends SignInSteps {
  defaultEmail?: string;
  /** A success message from the previous step (e-mail confirmed, password changed). */
  notice?: string;
  onForgotPassword: () => void;
}

export function SignInForm({ defaultEmail = '', notice, onForgotPassword, ...steps }: SignInFormProps) {
  const form = useZodForm(signInSchema, { defaultValues: { email: defaultEmail, password: '' } });
  const signIn = useSignIn(steps);

  return (
    <Form
      form={form}
      onSubmit={(credentials) => signIn.mutateAsync(credentials)}
      onInvalid={toastFirstInvalidField}
      className={styles.form}
      aria-label="Sign in"
    >
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <TextField name="email" label="Email" type="email" autoComplete="username" placeholder="you@company.com" />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" />
      <div className={styles.row}>
        <Button variant="link" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <SubmitButton pendingLabel="Signing in...">Sign In</SubmitButton>
    </Form>
  );
}
