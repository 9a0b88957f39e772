import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { cognitoConsumerAccounts } from '@functions/invitations/accounts';
import type { OutboxText } from '@infra/local/sms-outbox';
import type { ClientView } from '@shared/clients/api';
import { loadPrincipals, type Principals } from '../support/principals';
import { apiFetch, cognito, createUser, getStack, TEST_PASSWORD, waitForVerificationCode } from '../support/stack';
import { expectAccessible, expectPath, expectToast, useWebApp } from './browser';

const openApp = useWebApp();

const NEW_PASSWORD = 'Reset-Broker-Pass-2026!';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

/** The texts the local SMS outbox holds for `phone`, newest first. */
async function textsTo(phone: string): Promise<OutboxText[]> {
  const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
  return outbox.messages.filter((text) => text.phoneNumber === phone);
}

/**
 * A consumer invited by text before the e-mail code was asked for: a client with an e-mail and a phone on file, the
 * SMS invitation as a broker sends it, and the account its accept made then (the steps of functions/invitations: claim,
 * the account of the e-mail on file not verified with the texted phone verified, finalize). Accepts since prove the
 * e-mail with a code (consumers.test.ts) and get their reset codes by e-mail.
 */
async function smsInvitedConsumer(): Promise<{ email: string; phone: string }> {
  const phone = `+1503555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const email = `texted.${randomUUID().slice(0, 8)}@example.com`;
  const letters = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8);
  const client = await apiFetch<ClientView>('/clients', {
    token: principals.tokenOf('broker'),
    body: { fullName: `Texted ${letters}`, email, phone },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  const sent = await apiFetch(`/clients/${client.body.id}/invitations`, {
    token: principals.tokenOf('broker'),
    body: { invitationType: 'sms' },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const [text] = await textsTo(phone);
  const token = /token=([A-Za-z0-9_-]+)/.exec(text!.message)![1]!;
  const data = createData();
  const invitation = (await data.invitations.get(token))!;
  expect(await data.invitations.claim(token, 'before-codes', new Date(), email)).toBe(true);
  const accounts = cognitoConsumerAccounts(cognito(), () => getStack().userPoolId);
  const made = await accounts.create({
    email,
    fullName: invitation.clientName,
    password: TEST_PASSWORD,
    emailVerified: false,
    verifiedPhone: phone,
  });
  if (!made.created) throw new Error(`The consumer account was not made: ${made.reason}`);
  const account = { userId: made.userId, fullName: invitation.clientName, email };
  expect(await data.invitations.finalize(invitation, 'before-codes', account, new Date())).toBe('accepted');
  return { email, phone };
}

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

  it('texts the reset code of an SMS-invited consumer with an unverified e-mail to their phone; the code from the SMS outbox sets a new password', async () => {
    const { email, phone } = await smsInvitedConsumer();
    const before = (await textsTo(phone)).length;
    const { context, page } = await openApp();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();

    const masked = `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}`;
    await expectToast(page, {
      title: 'Password reset code sent!',
      description: `Check your phone: we texted a reset code to ${masked}.`,
      variant: 'success',
    });
    await expectResetUrl(page);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.getByText(`Enter the code we texted to ${masked} and choose a new password.`).waitFor();
    await expectAccessible(page);

    // The text arrives in the SMS outbox (never the unverified e-mail's mailbox) with the code.
    await expect.poll(async () => (await textsTo(phone)).length, { timeout: 15_000 }).toBe(before + 1);
    const [text] = await textsTo(phone);
    expect(text!.message).toContain('LeaseDesk password reset code');
    const code = /code is (\d{6})/.exec(text!.message)![1]!;
    await page.getByLabel('Reset code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, { title: 'Welcome back!', description: "You've successfully logged in.", variant: 'success' });
    await expectPath(page, '/consumer-portal');
    await context.close();
  });
});
