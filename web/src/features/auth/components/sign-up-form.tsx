import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { LICENCE_FILE_EXTENSIONS, makeSignUpSchema } from '../../../../../shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { getConfig } from '../../../lib/config';
import { logger } from '../../../lib/logger';
import { signUpWithEmail } from '../api/cognito';
import { uploadSignupLicence } from '../api/upload-licence';
import { authErrorToast, toFieldErrors, validationToast, type FieldErrors } from '../validation';
import styles from './auth-page.module.css';

const FIELD_ORDER = ['fullName', 'email', 'password', 'confirmPassword', 'licenceFile'];
const LICENCE_ACCEPT = LICENCE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  licenceFile?: File;
}

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { companyEmailDomain } = getConfig();
  const schema = useMemo(() => makeSignUpSchema(companyEmailDomain), [companyEmailDomain]);
  const [values, setValues] = useState<SignUpValues>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploadPercent, setUploadPercent] = useState<number | undefined>();

  const signUp = useMutation({
    mutationFn: async (input: { fullName: string; email: string; password: string; licenceFile?: File }) => {
      const { userSub } = await signUpWithEmail(input);
      toast({
        title: 'Account created!',
        description: `Please check your @${companyEmailDomain} email to confirm your account before logging in.`,
        variant: 'success',
      });
      if (input.licenceFile && userSub) {
        setUploadPercent(0);
        // Spec: a licence upload failure at sign-up is silently ignored (the broker can upload it from the profile).
        await uploadSignupLicence({ email: input.email, userSub, file: input.licenceFile }, setUploadPercent).catch((error: unknown) =>
          logger.error('Licence upload at sign-up failed', error),
        );
      }
      return input.email;
    },
    onSuccess: (email) => onSignedUp(email),
    onError: (error) => toast(authErrorToast(error)),
    onSettled: () => setUploadPercent(undefined),
  });

  const update = <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      const message = validationToast(FIELD_ORDER, fieldErrors);
      if (message) toast(message);
      return;
    }
    const { fullName, email, password } = parsed.data;
    signUp.mutate({ fullName, email, password, licenceFile: values.licenceFile });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
      <Field label="Full name" error={errors.fullName}>
        {(control) => (
          <Input
            {...control}
            name="fullName"
            autoComplete="name"
            value={values.fullName}
            onChange={(event) => update('fullName', event.target.value)}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email} hint={`Use your @${companyEmailDomain} email address.`}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={`you@${companyEmailDomain}`}
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password}
        hint="At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => update('confirmPassword', event.target.value)}
          />
        )}
      </Field>
      <Field label="Licence document" optional error={errors.licenceFile} hint="PDF, JPG, JPEG or PNG.">
        {(control) => (
          <Input
            {...control}
            type="file"
            name="licenceFile"
            accept={LICENCE_ACCEPT}
            onChange={(event) => update('licenceFile', event.target.files?.[0])}
          />
        )}
      </Field>
      {uploadPercent !== undefined && (
        <div className={styles.progress}>
          <label htmlFor="licence-upload-progress">Uploading licence… {uploadPercent}%</label>
          <progress id="licence-upload-progress" max={100} value={uploadPercent} />
        </div>
      )}
      <Button type="submit" block size="lg" isLoading={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
