import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { COMPANY_EMAIL_DOMAIN, S3RVER_CREDENTIALS } from '@infra/local/config';
import { cognito, getStack, uniqueEmail, waitForVerificationCode } from '../support/stack';
import { expectAccessible, expectPath, expectToast, useWebApp } from './browser';

const stack = getStack();
const openApp = useWebApp();

/** The keys the licences bucket holds for the user with this e-mail (before confirmation: under pending/). */
async function licenceKeysOf(email: string): Promise<string[]> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  const s3 = new S3Client({
    endpoint: stack.urls.s3,
    region: stack.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const keys: string[] = [];
  for (const prefix of [`pending/${sub}/`, `${sub}/`]) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: stack.buckets.brokerLicences, Prefix: prefix }));
    keys.push(...(listed.Contents ?? []).map((object) => object.Key ?? ''));
  }
  s3.destroy();
  return keys;
}

describe('auth', () => {
  it('sends a signed-out visitor of / to the sign-in screen', async () => {
    const { context, page } = await openApp();
    await page.goto('/');
    await expectPath(page, '/auth');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome to LeaseDesk');
    await expectAccessible(page);
    await context.close();
  });

  it('refuses a sign-up with an e-mail outside the company domain, with the required message', async () => {
    const { context, page } = await openApp();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Outside Person');
    await page.getByLabel('Email').fill('outside.person@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill('Outside-Pass-2026!');
    await page.getByLabel('Confirm password').fill('Outside-Pass-2026!');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const description = `Only @${COMPANY_EMAIL_DOMAIN} email addresses are allowed to sign up.`;
    await expectToast(page, { title: 'Invalid Email', description, variant: 'destructive' });
    await expectAccessible(page);
    await context.close();
  });

  it('signs up a company e-mail with a licence, confirms it with the mailed code, signs the new broker in and greets them as new', async () => {
    const { context, page } = await openApp();
    const email = `e2e.${Date.now()}@${COMPANY_EMAIL_DOMAIN}`;
    const password = 'E2e-Broker-Pass-2026!';

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Eve Tester');
    // A first try with a private address: its error toast goes when the account is created (one toast group).
    await page.getByLabel('Email').fill('eve.tester@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await notifications.getByText('Invalid Email', { exact: true }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('License document').setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% LeaseDesk end-to-end test licence\n'),
    });
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Confirm your email' }).waitFor();
    await expect(licenceKeysOf(email)).resolves.toHaveLength(1);
    await page.getByText(`Please check your @${COMPANY_EMAIL_DOMAIN} email to confirm your account before logging in.`).waitFor();
    await expect(notifications.getByText('Invalid Email', { exact: true }).count()).resolves.toBe(0);
    await expectAccessible(page);

    // Confirming the code signs the new broker in (no second typing of the password), greeted as new.
    await page.getByLabel('Confirmation code').fill(await waitForVerificationCode(email));
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await expectPath(page, '/');
    await expectToast(page, {
      title: 'Welcome to LeaseDesk!',
      description: 'Your account is ready and you are signed in.',
      variant: 'success',
    });
    await expect(notifications.getByText('Welcome back!', { exact: true }).count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Account Pending Review' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome, Eve Tester');
    await page.getByText('Pending Review', { exact: true }).waitFor();
    await expect(page.getByRole('region', { name: 'Overview' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  const VALID_SIGN_UP = { fullName: 'Val Idator', password: 'Valid-Sign-Up-2026!' };

  it.each([
    {
      rule: 'a password shorter than 12 characters',
      form: { ...VALID_SIGN_UP, password: 'Short-1a!', confirmPassword: 'Short-1a!' },
      toast: { title: 'Weak Password', description: 'Password must be at least 12 characters' },
    },
    {
      rule: 'a password without an uppercase letter',
      form: { ...VALID_SIGN_UP, password: 'no-capitals-2026!', confirmPassword: 'no-capitals-2026!' },
      toast: { title: 'Weak Password', description: 'Password must contain at least one uppercase letter' },
    },
    {
      rule: 'a confirmation that does not match',
      form: { ...VALID_SIGN_UP, confirmPassword: 'Valid-Sign-Up-2027!' },
      toast: { title: 'Error', description: "Passwords don't match" },
    },
    {
      rule: 'an empty full name',
      form: { ...VALID_SIGN_UP, fullName: '', confirmPassword: VALID_SIGN_UP.password },
      toast: { title: 'Invalid Name', description: 'Please enter your full name' },
    },
  ])('refuses a sign-up with $rule, with the required toast and no account created', async ({ form, toast }) => {
    const { context, page } = await openApp();
    const email = uniqueEmail('invalid.sign-up');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill(form.fullName);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(form.password);
    await page.getByLabel('Confirm password').fill(form.confirmPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectToast(page, { ...toast, variant: 'destructive' });
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expectAccessible(page);
    await context.close();
  });

  it('shows the not-found screen for an unknown path', async () => {
    const { context, page } = await openApp();
    await page.goto('/nope');
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    await page.getByText('Oops! Page not found').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
    await context.close();
  });
});
