import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, getStack, TEST_PASSWORD } from '../support/stack';
import { expectAccessible, expectPath, expectToast, isFocused, signIn, useWebApp } from './browser';

const stack = getStack();
const openApp = useWebApp();

/** The dashboard of a broker created by createUser (no approval yet): where a successful sign-in lands. */
async function expectPendingBrokerDashboard(page: Page): Promise<void> {
  await expectPath(page, '/');
  await page.getByRole('heading', { name: 'Account Pending Review' }).waitFor();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

describe('sign in', () => {
  it("refuses a wrong password with Cognito's message and stays on /auth", async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();

    await signIn(page, email, 'Not-The-Password-2026!');
    await expectToast(page, { title: 'Error', description: 'Incorrect username or password.', variant: 'destructive' });
    await expectPath(page, '/auth');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await expectAccessible(page);
    await context.close();
  });

  it('can be completed and submitted with the keyboard alone', async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();
    await page.goto('/auth');
    const emailField = page.getByLabel('Email');
    await emailField.waitFor();

    // Tab from the top of the page to the e-mail field (past the Sign In / Sign Up tabs).
    for (let presses = 0; presses < 5 && !(await isFocused(emailField)); presses += 1) await page.keyboard.press('Tab');
    expect(await isFocused(emailField), 'Tab reaches the Email field').toBe(true);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Password')), 'Tab moves from Email to Password').toBe(true);
    await page.keyboard.type(TEST_PASSWORD);
    await page.keyboard.press('Enter');

    await expectPendingBrokerDashboard(page);
    await context.close();
  });

  it('keeps the session across a reload, showing the full-screen spinner while the session loads', async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();
    await signIn(page, email, TEST_PASSWORD);
    await expectPendingBrokerDashboard(page);

    // Hold GET /me after the reload until the spinner has been seen, so the loading state cannot be missed.
    const meUrl = `${stack.urls.api.replace(/\/+$/, '')}/me`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.href === meUrl,
      async (route: Route) => {
        if (route.request().method() === 'GET') await released;
        await route.continue();
      },
    );
    const meRequested = page.waitForRequest((request) => request.url() === meUrl && request.method() === 'GET');

    await page.reload();
    await meRequested;
    const spinner = page.getByRole('status').filter({ hasText: 'Loading your session' });
    await spinner.waitFor();
    await expect(page.getByRole('heading', { name: 'Account Pending Review' }).count()).resolves.toBe(0);
    release();

    await spinner.waitFor({ state: 'detached' });
    await expectPendingBrokerDashboard(page);
    await context.close();
  });
});
