import { ConfirmSignUpCommand, ResendConfirmationCodeCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import {
  claimsOf,
  cognito,
  getStack,
  readMailbox,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMail,
  waitForVerificationCode,
} from '../../test/support/stack';

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

  it('rejects a wrong confirmation code with Cognito\'s message', async () => {
    const email = uniqueEmail('wrongcode');
    await signUp(email);
    const confirm = cognito().send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: '000000' }));
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

  it("refuses a non-company e-mail in PreSignUp with the spec's message, as Cognito relays it", async () => {
    await expect(signUp(uniqueEmail('outsider', 'example.com'))).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: `PreSignUp failed with error Only @${stack.companyEmailDomain} email addresses are allowed to sign up..`,
    });
  });
});
