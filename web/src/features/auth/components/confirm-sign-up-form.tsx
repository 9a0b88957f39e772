import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { getConfig } from '@web/lib/config';
import { useFormValues } from '@web/lib/use-form-values';
import { confirmEmail, resendConfirmationCode } from '../api/cognito';
import { authErrorToast, emailCodeSchema } from '../validation';
import styles from './auth-page.module.css';

export interface ConfirmSignUpFormProps {
  email: string;
  /** Just signed up, or tried to sign in before confirming (a new code was sent). */
  reason: 'signed-up' | 'unconfirmed';
  onConfirmed: () => void;
  onBack: () => void;
}

export function ConfirmSignUpForm({ email, reason, onConfirmed, onBack }: ConfirmSignUpFormProps) {
  const { mailboxUrl } = getConfig();
  const form = useFormValues({ code: '' });

  const confirm = useMutation({
    mutationFn: (code: string) => confirmEmail(email, code),
    onSuccess: onConfirmed,
    onError: (failure) => toast(authErrorToast(failure)),
  });

  const resend = useMutation({
    mutationFn: () => resendConfirmationCode(email),
    onSuccess: () => toast({ title: 'Code sent', description: `We sent a new confirmation code to ${email}.`, variant: 'success' }),
    onError: (failure) => toast(authErrorToast(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The form's only field: its inline message alone, no toast.
    const code = emailCodeSchema.safeParse(form.values.code);
    if (code.success) confirm.mutate(code.data);
    else form.setErrors({ code: code.error.issues[0]?.message });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Confirm your email">
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
      <TextField label="Confirmation code" inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
      <Button type="submit" block size="lg" isLoading={confirm.isPending}>
        Confirm Email
      </Button>
      <div className={styles.row}>
        <Button variant="link" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Resend code
        </Button>
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
