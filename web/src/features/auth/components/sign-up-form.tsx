import { useMemo } from 'react';
import { LICENCE_FILE_EXTENSIONS, makeSignUpSchema } from '@shared/auth/schemas';
import { FileField, Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { getConfig } from '@web/lib/config';
import { useSignUp } from '../api/sign-up';
import { PASSWORD_HINT, toastFirstInvalidField } from '../validation';
import styles from './auth-page.module.css';

const LICENCE_ACCEPT = LICENCE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string, password: string) => void }) {
  const { companyEmailDomain } = getConfig();
  const schema = useMemo(() => makeSignUpSchema<File>(companyEmailDomain), [companyEmailDomain]);
  const form = useZodForm(schema, {
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '', licenceFile: undefined },
  });
  const signUp = useSignUp({ onSignedUp });

  return (
    <Form
      form={form}
      onSubmit={({ fullName, email, password, licenceFile }) => signUp.mutateAsync({ fullName, email, password, licenceFile })}
      onInvalid={toastFirstInvalidField}
      className={styles.form}
      aria-label="Sign up"
    >
      <TextField name="fullName" label="Full name" autoComplete="name" />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder={`you@${companyEmailDomain}`}
        hint={`Use your @${companyEmailDomain} email address.`}
      />
      <TextField name="password" label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
      {/* UI text uses the US spelling "License", like the schema's messages ("License must be a PDF…"). */}
      <FileField name="licenceFile" label="License document" optional hint="PDF, JPG, JPEG or PNG." accept={LICENCE_ACCEPT} />
      {signUp.uploadPercent !== undefined && (
        <div className={styles.progress}>
          <label htmlFor="licence-upload-progress">Uploading license… {signUp.uploadPercent}%</label>
          <progress id="licence-upload-progress" max={100} value={signUp.uploadPercent} />
        </div>
      )}
      <SubmitButton pendingLabel="Creating account...">Create Account</SubmitButton>
    </Form>
  );
}
