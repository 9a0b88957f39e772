import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import type { ResetCodeDelivery } from '../api/cognito';
import { useRequestPasswordReset } from '../api/password-reset';
import { resetPasswordFormSchema, toastFirstInvalidField } from '../validation';
import styles from './auth-page.module.css';

export function ResetPasswordForm({
  onSent,
  onBack,
}: {
  onSent: (email: string, delivery: ResetCodeDelivery) => void;
  onBack: () => void;
}) {
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { email: '' } });
  const reset = useRequestPasswordReset({ onSent });

  return (
    <Form
      form={form}
      onSubmit={({ email }) => reset.mutateAsync(email)}
      onInvalid={toastFirstInvalidField}
      className={styles.form}
      aria-label="Reset password"
    >
      <TextField name="email" label="Email" type="email" autoComplete="username" />
      <SubmitButton>Send Reset Email</SubmitButton>
      <div className={styles.row}>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
