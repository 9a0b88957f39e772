import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { RESET_EMAIL_SUBJECT } from '@functions/auth/custom-message';
import {
  claimsOf,
  cognito,
  createUser,
  getStack,
  readMailbox,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMail,
  waitForResetEmail,
  waitForVerificationCode,
} from '@test/support/stack';

const stack = getStack();

function signUp(email: string) {
  return cognito().send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: TEST_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Sam Signup' },
      ],
    }),
  );
}

describe('sign-up through the local Cognito, its triggers and the mailbox', () => {
  it('mails the confirmation code, confirms with it, and PostConfirmation makes the user a broker', async () => {
    const email = uniqueEmail('signup');
    const result = await signUp(email);
    expect(result.UserConfirmed).toBe(false);
    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });

    const mail = await waitForMail(email);
    expect(mail).toMatchObject({ from: stack.mailFrom, subject: 'Your verification code' });
    expect(mail.body.text).toMatch(/^Your verification code is \d{6}\.$/);

    await expect(signIn(email, TEST_PASSWORD)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    const code = await waitForVerificationCode(email);
    await cognito().send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));

    const tokens = await signIn(email, TEST_PASSWORD);
    expect(claimsOf(tokens.idToken)).toMatchObject({ email, 'cognito:groups': ['broker'] });
  });

  it("rejects a wrong confirmation code with Cognito's message", async () => {
    const email = uniqueEmail('wrongcode');
    await signUp(email);
    const confirm = cognito().send(
      new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: '000000' }),
    );
    await expect(confirm).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('mails a new code on ResendConfirmationCode, and the new code confirms', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    await waitForMail(email);
    await cognito().send(new ResendConfirmationCodeCommand({ ClientId: stack.userPoolClientId, Username: email }));
    const codeMails = async () => (await readMailbox()).filter((mail) => mail.destination.to.includes(email));
    await expect.poll(async () => (await codeMails()).length).toBe(2);
    const code = await waitForVerificationCode(email);
    await cognito().send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));
    await expect(signIn(email, TEST_PASSWORD)).resolves.toHaveProperty('idToken');
  });

  it('refuses a non-company e-mail in PreSignUp with the required message, as Cognito relays it', async () => {
    await expect(signUp(uniqueEmail('outsider', 'example.com'))).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: `PreSignUp failed with error Only @${stack.companyEmailDomain} email addresses are allowed to sign up..`,
    });
  });
});

describe('the password-reset e-mail through the local Cognito and its CustomMessage trigger', () => {
  it('puts a reset e-mail with its own subject, a link to the reset form and the code in the local mailbox', async () => {
    const { email } = await createUser('broker');

    await cognito().send(new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: email }));

    const { message, link, code } = await waitForResetEmail(email);
    expect(message).toMatchObject({ from: stack.mailFrom, subject: RESET_EMAIL_SUBJECT });
    expect(message.subject).not.toBe('Your verification code');
    expect(link).toBe(`${stack.urls.web}/auth?reset=true&email=${encodeURIComponent(email)}&code=${code}`);
    // Every placeholder is replaced (cognito-local itself replaces only the first).
    expect(message.body.html).not.toContain('{####}');
    expect(message.body.html).toContain(`<strong>${code}</strong>`);
  });

  it('keeps the code path working: the e-mailed code sets the new password', async () => {
    const { email } = await createUser('dealer');
    await cognito().send(new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: email }));
    const code = await waitForVerificationCode(email);

    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        ConfirmationCode: code,
        Password: 'Code-Path-Reset-2026!',
      }),
    );

    await expect(signIn(email, 'Code-Path-Reset-2026!')).resolves.toHaveProperty('idToken');
  });

  it('leaves the sign-up confirmation e-mail as it was', async () => {
    const email = uniqueEmail('stillcode');
    await signUp(email);

    expect((await waitForMail(email)).subject).toBe('Your verification code');
  });
});
