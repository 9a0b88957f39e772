/**
 * Broker sign-up: Cognito creates the unconfirmed account (and e-mails the code), the "Account created!" toast
 * says where to look, then the optional licence file is uploaded for the new user. As the product requires, a failed
 * upload is ignored (logged only): the account exists and the broker can upload the licence from the profile later.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@web/components/ui/toast';
import { getConfig } from '@web/lib/config';
import { logger } from '@web/lib/logger';
import { AUTH_TOAST_GROUP, authErrorToast } from '../validation';
import { signUpWithEmail, type SignUpInput } from './cognito';
import { uploadSignupLicence } from './upload-licence';

export interface BrokerSignUp extends SignUpInput {
  licenceFile?: File | null;
}

/** The whole sign-up; `onUploadProgress` hears the licence upload's percent. Resolves with the e-mail to confirm. */
export async function signUpBroker(
  { licenceFile, ...account }: BrokerSignUp,
  onUploadProgress: (percent: number) => void,
): Promise<string> {
  const { userSub } = await signUpWithEmail(account);
  toast({
    title: 'Account created!',
    description: `Please check your @${getConfig().companyEmailDomain} email to confirm your account before logging in.`,
    variant: 'success',
    group: AUTH_TOAST_GROUP,
  });
  if (licenceFile && userSub) {
    onUploadProgress(0);
    await uploadSignupLicence({ email: account.email, userSub, file: licenceFile }, onUploadProgress).catch((error: unknown) =>
      logger.error('Licence upload at sign-up failed', error),
    );
  }
  return account.email;
}

/** The sign-up mutation and the licence upload's progress (undefined when no upload runs). */
export function useSignUp({ onSignedUp }: { onSignedUp: (email: string, password: string) => void }) {
  const [uploadPercent, setUploadPercent] = useState<number | undefined>();
  const mutation = useMutation({
    mutationFn: (input: BrokerSignUp) => signUpBroker(input, setUploadPercent),
    onSuccess: (email, { password }) => onSignedUp(email, password),
    onError: (error) => toast(authErrorToast(error)),
    onSettled: () => setUploadPercent(undefined),
  });
  return { ...mutation, uploadPercent };
}
