import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { LICENCE_FILE_EXTENSIONS, makeSignUpSchema } from '@shared/auth/schemas';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { getConfig } from '@web/lib/config';
import { logger } from '@web/lib/logger';
import { useFormValues } from '@web/lib/use-form-values';
import { signUpWithEmail } from '../api/cognito';
import { uploadSignupLicence } from '../api/upload-licence';
import { authErrorToast, PASSWORD_HINT, validateAuthForm } from '../validation';
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
  const form = useFormValues<SignUpValues>({ fullName: '', email: '', password: '', confirmPassword: '' });
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const signUpInput = validateAuthForm(form, schema, FIELD_ORDER);
    if (!signUpInput) return;
    const { fullName, email, password } = signUpInput;
    signUp.mutate({ fullName, email, password, licenceFile: form.values.licenceFile });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
      <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder={`you@${companyEmailDomain}`}
        hint={`Use your @${companyEmailDomain} email address.`}
        {...form.field('email')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      {/* A file is not text: the plain Field + Input pair, its value kept by the browser. */}
      <Field label="Licence document" optional error={form.errors.licenceFile} hint="PDF, JPG, JPEG or PNG.">
        {(control) => (
          <Input
            {...control}
            type="file"
            name="licenceFile"
            accept={LICENCE_ACCEPT}
            onChange={(event) => form.setValue('licenceFile', event.target.files?.[0])}
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
