import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { getConfig } from '@web/lib/config';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useConfirmSignUp, useResendConfirmationCode } from '../api/confirm-sign-up';
import { confirmSignUpFormSchema } from '../validation';
import styles from './auth-page.module.css';

export interface ConfirmSignUpFormProps {
  email: string;
  /** Just signed up, or tried to sign in before confirming (a new code was sent). */
  reason: 'signed-up' | 'unconfirmed';
  /** The password just typed (sign-up or sign-in), to sign in once the code is confirmed. */
  password?: string;
  /** Confirmed without signing in: the sign-in form takes over. */
  onConfirmed: () => void;
  onBack: () => void;
}

export function ConfirmSignUpForm({ email, reason, password, onConfirmed, onBack }: ConfirmSignUpFormProps) {
  const { mailboxUrl } = getConfig();
  const form = useZodForm(confirmSignUpFormSchema, { defaultValues: { code: '' } });
  const confirm = useConfirmSignUp(email, { password, onConfirmed });
  const resend = useResendConfirmationCode(email);
  // The mutation reports its own failure (toast); one e-mail per click burst.
  const resendCode = useSingleFlight(() => resend.mutateAsync().catch(() => undefined));

  // The form's only field: its inline message alone, no toast.
  return (
    <Form form={form} onSubmit={({ code }) => confirm.mutateAsync(code)} className={styles.form} aria-label="Confirm your email">
      <p className={styles.muted}>
        {reason === 'unconfirmed'
          ? 'Your email is not confirmed yet. We sent you a new confirmation code.'
          : 'Your account needs a confirmed email before you can sign in.'}
      </p>
      {mailboxUrl && (
        <p className={styles.muted}>
          Running locally: the email is in the{' '}
          <a href={mailboxUrl} target="_blank" rel="noreferrer">
            local mailbox
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      )}
      <TextField name="code" label="Confirmation code" inputMode="numeric" autoComplete="one-time-code" />
      <SubmitButton>Confirm Email</SubmitButton>
      <div className={styles.row}>
        <Button variant="link" onClick={() => void resendCode()} disabled={resend.isPending}>
          Resend code
        </Button>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
