/**
 * The Cognito calls of the auth screen (Amplify v6), each returning what the screen needs next.
 * E-mail addresses are the usernames; they arrive trimmed and lower-cased by the shared schemas.
 */
import { loadAuth, SIGN_IN_FLOW } from '@web/lib/amplify';

/** Where the screen goes after a sign-in attempt that did not throw. */
export type SignInOutcome = 'signed-in' | 'confirm-sign-up' | 'reset-password' | 'new-password-required';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { signIn } = await loadAuth();
  const { isSignedIn, nextStep } = await signIn({ username: email, password, options: SIGN_IN_FLOW });
  if (isSignedIn) return 'signed-in';
  switch (nextStep.signInStep) {
    // Amplify answers an unconfirmed user with this step instead of an error.
    case 'CONFIRM_SIGN_UP':
      return 'confirm-sign-up';
    case 'RESET_PASSWORD':
      return 'reset-password';
    // An account an admin created (a dealer login): the e-mailed temporary password must be replaced first.
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'new-password-required';
    default:
      throw new Error(`Sign-in needs a step this app does not support (${nextStep.signInStep}).`);
  }
}

/** Answers the new-password challenge of the sign-in in progress; Amplify keeps its session in between. */
export async function completeFirstSignIn(newPassword: string): Promise<void> {
  const { confirmSignIn } = await loadAuth();
  const { isSignedIn, nextStep } = await confirmSignIn({ challengeResponse: newPassword });
  if (!isSignedIn) throw new Error(`Sign-in needs a step this app does not support (${nextStep.signInStep}).`);
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
}

/** Creates the (unconfirmed) account; Cognito e-mails a confirmation code. Returns the new user's sub. */
export async function signUpWithEmail({ fullName, email, password }: SignUpInput): Promise<{ userSub?: string }> {
  const { signUp } = await loadAuth();
  const { userId } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, name: fullName } },
  });
  return { userSub: userId };
}

export async function confirmEmail(email: string, code: string): Promise<void> {
  const { confirmSignUp } = await loadAuth();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendConfirmationCode(email: string): Promise<void> {
  const { resendSignUpCode } = await loadAuth();
  await resendSignUpCode({ username: email });
}

/**
 * Where Cognito sent the reset code: a verified e-mail, or else a verified phone (an SMS-invited consumer; the pool's
 * account recovery, docs/security.md "Password reset by phone"), `destination` masked by Cognito ("+*******2671").
 */
export type ResetCodeDelivery = { medium: 'EMAIL' } | { medium: 'SMS'; destination: string };

export async function requestPasswordReset(email: string): Promise<ResetCodeDelivery> {
  const { resetPassword } = await loadAuth();
  const { nextStep } = await resetPassword({ username: email });
  const details = nextStep.codeDeliveryDetails;
  return details?.deliveryMedium === 'SMS'
    ? { medium: 'SMS', destination: details.destination ?? 'your phone' }
    : { medium: 'EMAIL' };
}

export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  const { confirmResetPassword } = await loadAuth();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
