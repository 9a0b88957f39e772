import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, waitForVerificationCode } from '../support/stack';
import { expectAccessible, expectPath, expectToast, useWebApp } from './browser';

const openApp = useWebApp();

const NEW_PASSWORD = 'Reset-Broker-Pass-2026!';

async function expectResetUrl(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('reset') === 'true');
}

describe('password reset', () => {
  it('e-mails a reset code, sets a new password with it, and signs in with the new password only', async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();

    await expectToast(page, {
      title: 'Password reset email sent!',
      description: 'Check your email for a password reset link.',
      variant: 'success',
    });
    await expectResetUrl(page);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expectAccessible(page);

    await page.getByLabel('Reset code').fill(await waitForVerificationCode(email));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);

    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, { title: 'Error', description: 'Incorrect username or password.', variant: 'destructive' });
    await expectPath(page, '/auth');

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, { title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
    await expectPath(page, '/');
    await page.getByRole('heading', { name: 'Account Pending Review' }).waitFor();
    await context.close();
  });

  it('opens the set-new-password form on /auth?reset=true, the link of the reset e-mail', async () => {
    const { context, page } = await openApp();

    await page.goto('/auth?reset=true');
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    const form = page.getByRole('form', { name: 'Set a new password' });
    for (const label of ['Email', 'Reset code', 'New password', 'Confirm new password']) {
      await expect(form.getByLabel(label, { exact: true }).inputValue()).resolves.toBe('');
    }
    await form.getByRole('button', { name: 'Update Password' }).waitFor();
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to LeaseDesk' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
    await context.close();
  });
});
