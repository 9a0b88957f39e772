/**
 * The password-reset e-mail's link, end to end: ForgotPassword on the local stack runs the CustomMessage trigger
 * (functions/auth/custom-message.ts, served to cognito-local by the Lambda-invoke endpoint), the mailbox holds a
 * reset e-mail with its own subject and a link to `/auth?reset=true&email=…&code=…`, and following that link in
 * Chromium opens the new-password form filled in, which sets the new password.
 */
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { RESET_EMAIL_SUBJECT } from '@functions/auth/custom-message';
import { cognito, createUser, getStack, signIn, TEST_PASSWORD, waitForResetEmail } from '@test/support/stack';
import { expectAccessible, useWebApp } from './browser';

const openApp = useWebApp();

const NEW_PASSWORD = 'Linked-Reset-Pass-2026!';

async function requestReset(email: string) {
  await cognito().send(new ForgotPasswordCommand({ ClientId: getStack().userPoolClientId, Username: email }));
  return waitForResetEmail(email);
}

describe('the reset e-mail link', () => {
  it('is a distinct e-mail whose link opens /auth in reset mode with the e-mail and the code, the code also in its text', async () => {
    const { email } = await createUser('broker');

    const { message, link, code } = await requestReset(email);

    expect(message.subject).toBe(RESET_EMAIL_SUBJECT);
    expect(code).toMatch(/^\d{6}$/);
    const url = new URL(link);
    expect(url.origin).toBe(getStack().urls.web);
    expect(url.pathname).toBe('/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({ reset: 'true', email, code });
  });

  it('lands on the new-password form filled with the e-mail and code, and the new password then signs in', async () => {
    const { email } = await createUser('broker');
    const { link, code } = await requestReset(email);
    const { context, page } = await openApp();

    await page.goto(link);

    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    const form = page.getByRole('form', { name: 'Set a new password' });
    await expect(form.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(email);
    await expect(form.getByLabel('Reset code', { exact: true }).inputValue()).resolves.toBe(code);
    await expectAccessible(page);

    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

    await expect(signIn(email, NEW_PASSWORD)).resolves.toHaveProperty('idToken');
    await expect(signIn(email, TEST_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await context.close();
  });
});
