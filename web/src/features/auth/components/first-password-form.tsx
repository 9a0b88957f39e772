import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { useCompleteFirstSignIn } from '../api/sign-in';
import { firstPasswordFormSchema, PASSWORD_HINT, toastFirstInvalidField } from '../validation';
import styles from './auth-page.module.css';

/** The first sign-in of an account an admin created: Cognito's NEW_PASSWORD_REQUIRED challenge. */
export function FirstPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useZodForm(firstPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const complete = useCompleteFirstSignIn();

  return (
    <Form
      form={form}
      onSubmit={({ newPassword }) => complete.mutateAsync(newPassword)}
      onInvalid={toastFirstInvalidField}
      className={styles.form}
      aria-label="Choose your password"
    >
      <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
      <SubmitButton pendingLabel="Saving...">Set Password and Sign In</SubmitButton>
      <div className={styles.row}>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
