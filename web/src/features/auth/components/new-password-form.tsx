import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { useSetNewPassword } from '../api/password-reset';
import { newPasswordFormSchema, PASSWORD_HINT, toastFirstInvalidField } from '../validation';
import styles from './auth-page.module.css';

export interface NewPasswordFormProps {
  /** Filled in from the reset link (or the previous step); the user may still edit them. */
  defaultEmail: string;
  defaultCode?: string;
  onDone: (email: string) => void;
  onBack: () => void;
}

/** Cognito's confirmResetPassword: the code from the reset e-mail and the new password. */
export function NewPasswordForm({ defaultEmail, defaultCode = '', onDone, onBack }: NewPasswordFormProps) {
  const form = useZodForm(newPasswordFormSchema, {
    defaultValues: { email: defaultEmail, code: defaultCode, newPassword: '', confirmPassword: '' },
  });
  const save = useSetNewPassword({ onDone });

  return (
    <Form
      form={form}
      onSubmit={(reset) => save.mutateAsync(reset)}
      onInvalid={toastFirstInvalidField}
      className={styles.form}
      aria-label="Set a new password"
    >
      <TextField name="email" label="Email" type="email" autoComplete="username" />
      <TextField name="code" label="Reset code" inputMode="numeric" autoComplete="one-time-code" />
      <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
      <SubmitButton>Update Password</SubmitButton>
      <div className={styles.row}>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
