/**
 * What the form binding gives every form, seen on the auth screen: one request per submit however often it is
 * clicked, focus on the first invalid field, focus kept on screen when the mode changes, a title per screen, the
 * reset link filling the new-password form, and toasts that leave a phone's form and dashboard visible.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { createUser, getStack, TEST_PASSWORD } from '../support/stack';
import { expectAccessible, expectPath, expectToast, isFocused, isFocusLost, signIn, useWebApp } from './browser';

const stack = getStack();
const openApp = useWebApp();
const PHONE = { width: 390, height: 844 };

/** Counts the Cognito calls of one operation (`X-Amz-Target: AWSCognitoIdentityProviderService.<operation>`), held for `delayMs` each. */
async function countCognitoCalls(page: Page, operation: string, delayMs = 600): Promise<() => number> {
  const cognitoOrigin = new URL(stack.urls.cognito).origin;
  let count = 0;
  const isOperation = (request: Request) =>
    request.headers()['x-amz-target'] === `AWSCognitoIdentityProviderService.${operation}`;
  await page.route(
    (url) => url.origin === cognitoOrigin,
    async (route) => {
      if (isOperation(route.request())) {
        count += 1;
        // Long enough for a second click to land while the first request is still pending.
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      await route.continue();
    },
  );
  return () => count;
}

function toasts(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'Notifications' })
    .locator(':scope > div')
    .filter({ has: page.getByText(title, { exact: true }) });
}

describe('submitting a form', () => {
  it('sends one sign-in request for a double click on Sign In, with one toast', async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();
    await page.goto('/auth');
    const initiateAuthCalls = await countCognitoCalls(page, 'InitiateAuth');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).dblclick();

    await expectToast(page, { title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
    await expectPath(page, '/');
    expect(initiateAuthCalls()).toBe(1);
    await expect(toasts(page, 'Welcome back!').count()).resolves.toBe(1);
    await context.close();
  });

  it('sends one reset e-mail for a double click on Send Reset Email, with one toast', async () => {
    const { email } = await createUser('broker');
    const { context, page } = await openApp();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const forgotPasswordCalls = await countCognitoCalls(page, 'ForgotPassword');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).dblclick();

    await expectToast(page, {
      title: 'Password reset email sent!',
      description: 'Check your email for a password reset link.',
      variant: 'success',
    });
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    expect(forgotPasswordCalls()).toBe(1);
    await expect(toasts(page, 'Password reset email sent!').count()).resolves.toBe(1);
    await context.close();
  });

  it('ignores a second submit fired in the same instant, before the button can show it is busy', async () => {
    const { context, page } = await openApp();
    await page.goto('/auth');
    const initiateAuthCalls = await countCognitoCalls(page, 'InitiateAuth');
    await page.getByLabel('Email').fill('nobody@leasedesk.com');
    await page.getByLabel('Password').fill('Wrong-Password-2026!');

    // Two submit events in one task: React cannot re-render in between, only the binding's guard can refuse the second.
    await page.getByRole('form', { name: 'Sign in' }).evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });

    await toasts(page, 'Error').first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).and(page.locator(':not([disabled])')).waitFor();
    expect(initiateAuthCalls()).toBe(1);
    await expect(toasts(page, 'Error').count()).resolves.toBe(1);
    await context.close();
  });

  it('moves focus to the first invalid field, in the order the form shows them', async () => {
    const { context, page } = await openApp();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const fullName = page.getByLabel('Full name');
    await expectToast(page, { title: 'Invalid Name', description: 'Please enter your full name', variant: 'destructive' });
    expect(await isFocused(fullName)).toBe(true);
    await expect.poll(() => fullName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await fullName.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).resolves.toBe(
      'Please enter your full name',
    );
    await expect.poll(() => page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await context.close();
  });
});

describe('moving between auth modes', () => {
  it("puts focus on the new mode's heading, never on the page body", async () => {
    const { context, page } = await openApp();
    await page.goto('/auth');

    await page.getByRole('button', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    expect(await isFocused(page.getByRole('heading', { level: 1, name: 'Reset password' }))).toBe(true);

    await page.getByRole('button', { name: 'Back to sign in' }).focus();
    await page.keyboard.press('Enter');
    const welcome = page.getByRole('heading', { level: 1, name: 'Welcome to LeaseDesk' });
    await welcome.waitFor();
    expect(await isFocused(welcome)).toBe(true);
    expect(await isFocusLost(page)).toBe(false);

    // Between the Sign In and Sign Up tabs the tab keeps focus (arrow keys move along the tab list).
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await isFocused(page.getByRole('tab', { name: 'Sign Up' }))).toBe(true);
    await context.close();
  });
});

describe('document titles', () => {
  it('names each screen in the title', async () => {
    const { context, page } = await openApp();
    const expectTitle = (title: string) => page.waitForFunction((expected) => document.title === expected, title);

    await page.goto('/auth');
    await expectTitle('Sign In · LeaseDesk');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expectTitle('Sign Up · LeaseDesk');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectTitle('Reset Password · LeaseDesk');
    await page.goto('/auth?reset=true');
    await expectTitle('Set a New Password · LeaseDesk');
    await page.goto('/no-such-page');
    await expectTitle('Page Not Found · LeaseDesk');
    await page.goto('/trending-deals-embed');
    await expectTitle('Trending Vehicles · LeaseDesk');

    const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
    await signIn(page, broker.email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await expectTitle('Dashboard · LeaseDesk');
    await context.close();
  });
});

describe('the reset link', () => {
  it('opens the new-password form with the e-mail and code of the link, and takes them out of the URL', async () => {
    const { context, page } = await openApp();
    await page.goto(`/auth?reset=true&email=${encodeURIComponent('ann+deals@leasedesk.com')}&code=123456`);

    const form = page.getByRole('form', { name: 'Set a new password' });
    await form.waitFor();
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe('ann+deals@leasedesk.com');
    await expect(form.getByLabel('Reset code').inputValue()).resolves.toBe('123456');
    await expect(form.getByLabel('New password', { exact: true }).inputValue()).resolves.toBe('');
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '?reset=true');
    await expectAccessible(page);
    await context.close();
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not visible`);
  return box;
}

describe('toasts on a 390 px wide phone', () => {
  it('leave the sign-in form and its submit button uncovered', async () => {
    const { context, page } = await openApp({ viewport: PHONE });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('nobody@leasedesk.com');
    await page.getByLabel('Password').fill('Wrong-Password-2026!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, { title: 'Error', description: 'Incorrect username or password.', variant: 'destructive' });

    const toast = await boxOf(page, toasts(page, 'Error').first());
    expect(toast.width).toBeLessThanOrEqual(PHONE.width);
    expect(overlaps(toast, await boxOf(page, page.getByRole('button', { name: 'Sign In' })))).toBe(false);
    expect(overlaps(toast, await boxOf(page, page.getByRole('form', { name: 'Sign in' })))).toBe(false);
    await context.close();
  });

  it('leave the dashboard uncovered after signing in', async () => {
    const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
    const { context, page } = await openApp({ viewport: PHONE });
    await signIn(page, broker.email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await expectToast(page, { title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();

    const toast = await boxOf(page, toasts(page, 'Welcome back!').first());
    expect(overlaps(toast, await boxOf(page, heading))).toBe(false);
    expect(overlaps(toast, await boxOf(page, page.getByRole('button', { name: 'Logout' })))).toBe(false);
    expect(overlaps(toast, await boxOf(page, page.getByRole('region', { name: 'Overview' })))).toBe(false);
    await context.close();
  });
});
