import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema, passwordSchema, PASSWORDS_DONT_MATCH_MESSAGE } from '../../../../../shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { setNewPassword } from '../api/cognito';
import { authErrorToast, validationToast, type FieldErrors } from '../validation';
import styles from './auth-page.module.css';

const FIELD_ORDER = ['email', 'code', 'newPassword', 'confirmPassword'];

interface Values {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** Cognito's confirmResetPassword: the code from the reset e-mail and the new password. */
export function NewPasswordForm({ defaultEmail, onDone, onBack }: { defaultEmail: string; onDone: (email: string) => void; onBack: () => void }) {
  const [values, setValues] = useState<Values>({ email: defaultEmail, code: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: ({ email, code, newPassword }: { email: string; code: string; newPassword: string }) =>
      setNewPassword(email, code, newPassword).then(() => email),
    onSuccess: (email) => onDone(email),
    onError: (failure) => toast(authErrorToast(failure)),
  });

  const update = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const email = emailSchema.safeParse(values.email);
    const password = passwordSchema.safeParse(values.newPassword);
    const fieldErrors: FieldErrors = {
      email: email.success ? undefined : email.error.issues[0]?.message,
      code: values.code.trim() ? undefined : 'Enter the code from the email',
      newPassword: password.success ? undefined : password.error.issues[0]?.message,
      confirmPassword: values.confirmPassword === values.newPassword ? undefined : PASSWORDS_DONT_MATCH_MESSAGE,
    };
    const message = validationToast(FIELD_ORDER, fieldErrors);
    if (message || !email.success || !password.success) {
      setErrors(fieldErrors);
      if (message) toast(message);
      return;
    }
    save.mutate({ email: email.data, code: values.code.trim(), newPassword: password.data });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            value={values.email}
            onChange={(event) => update('email')(event.target.value)}
          />
        )}
      </Field>
      <Field label="Reset code" error={errors.code}>
        {(control) => (
          <Input
            {...control}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.code}
            onChange={(event) => update('code')(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="New password"
        error={errors.newPassword}
        hint="At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => update('newPassword')(event.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => update('confirmPassword')(event.target.value)}
          />
        )}
      </Field>
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
