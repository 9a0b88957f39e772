/**
 * The consumer journey in Chromium (docs/decisions.md, "Consumers (web)"): a broker invites a
 * client to the portal by e-mail from /clients; the client opens the link from the local mailbox, creates their
 * account and lands in the portal; pays the concierge fee of the finalized deal through the local checkout page and
 * sees "Paid"; refers a friend from the closed deal; opens their own deal in the reduced view and another client's
 * deal as not found. A client invited by text proves the e-mail on file with an e-mailed code first (missing, wrong and
 * right code). The invitation link's other states (used, expired, unknown, missing) show their messages.
 * axe on every page and dialog.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealershipView } from '@shared/dealerships/api';
import type { DealDetail } from '@shared/deals/api';
import type { OutboxText } from '@infra/local/sms-outbox';
import { apiFetch, claimsOf, getStack, signIn as signInApi, waitForMail, waitForVerificationCode } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, signIn, useWebApp } from './browser';

const openApp = useWebApp();
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
/** Client names are letters, spaces, hyphens and apostrophes only: a tag of letters keeps each run's rows apart. */
const tag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());
const CONSUMER_PASSWORD = 'Portal-Password-2026!';

let adminToken: string;
let brokerToken: string;
let dealershipId: string;

beforeAll(async () => {
  [adminToken, brokerToken] = await Promise.all([
    signInApi(demo('admin').email, DEMO_PASSWORD).then(({ idToken }) => idToken),
    signInApi(demo('broker').email, DEMO_PASSWORD).then(({ idToken }) => idToken),
  ]);
  const dealership = await apiFetch<DealershipView>('/dealerships', {
    token: adminToken,
    body: { name: `Harbor ${tag()} Motors`, location: 'Portland, OR', contactName: 'Dana Reyes', contactPhone: '+15035550177' },
  });
  expect(dealership.status).toBe(201);
  dealershipId = dealership.body.id;
  // The dev server compiles the app on its first request, which can outlast a step's timeout on a busy machine.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

async function createClient(fullName: string, { phone = '+15035550142' }: { phone?: string | null } = {}): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: brokerToken,
    body: { fullName, email: `${fullName.replaceAll(' ', '.').toLowerCase()}@example.com`, phone },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const dealBody = (clientId: string, model: string) => ({
  clientId,
  dealershipId,
  year: 2026,
  make: 'Toyota',
  model,
  monthlyPayment: 389,
  downPayment: 2500,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.9,
  // The demo broker is the deal's broker (the portal's My Broker); kept on the admin's edit as well.
  brokerId: claimsOf(brokerToken).sub as string,
  heardAboutUs: 'Referral',
  heardAboutUsReferral: 'Pat Smith',
  brokerFeeDealer: 250,
  brokerFeeClient: 300,
});

/** A deal of the client, moved by an admin to `status` (finalized and closed are set on an edit, with the fee). */
async function createDeal(clientId: string, model: string, status: 'pending' | 'finalized' | 'closed', conciergeFee = 0) {
  const created = await apiFetch<{ id: string }>('/deals', {
    token: adminToken,
    body: { ...dealBody(clientId, model), status: 'pending' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (status !== 'pending') {
    const loaded = await apiFetch<DealDetail>(`/deals/${created.body.id}`, { token: adminToken });
    const saved = await apiFetch(`/deals/${created.body.id}`, {
      token: adminToken,
      method: 'PATCH',
      body: { ...dealBody(clientId, model), status, conciergeFee, revision: loaded.body.deal.revision },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return created.body;
}

/** Invites the client through the API (the browser test covers the dialog) and reads the link from the mailbox. */
async function inviteByApi(client: ClientView): Promise<string> {
  const response = await apiFetch(`/clients/${client.id}/invitations`, {
    token: brokerToken,
    body: { invitationType: 'email' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return signupPathFromMail(client.email!);
}

/** The /consumer-signup?token=… path of the newest invitation e-mail to `email`. */
async function signupPathFromMail(email: string): Promise<string> {
  const linkOf = (text: string) => /https?:\/\/[^\s"'<>]+\/consumer-signup\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  const mail = await waitForMail(email, (message) => linkOf(message.body.html ?? message.body.text ?? '') !== undefined);
  const link = new URL(linkOf(mail.body.html ?? mail.body.text ?? '')!.replaceAll('&amp;', '&'));
  return `${link.pathname}${link.search}`;
}

/** Fills the signup form's password twice and creates the account. */
async function createAccount(page: Page): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(CONSUMER_PASSWORD);
  await page.getByLabel('Confirm password').fill(CONSUMER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

function fact(page: Page, card: string, label: string) {
  return page.getByRole('region', { name: card }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

describe('consumers', () => {
  it('a broker invites a client by e-mail; the client signs up from the mailbox, pays the concierge fee, sees "Paid" and refers a friend', async () => {
    const name = `Nora ${tag()} Quinn`;
    const client = await createClient(name, { phone: null });
    const finalized = await createDeal(client.id, 'Camry', 'finalized', 250);
    const closed = await createDeal(client.id, 'RAV4', 'closed');

    // The broker's dialog on /clients: the e-mail on file, read-only; SMS without a phone on file is refused; the
    // contact details are changed by editing the client, from the dialog.
    const broker = await openApp();
    await signIn(broker.page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(broker.page, '/');
    await broker.page.goto('/clients');
    await broker.page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
    await broker.page.getByRole('button', { name: `Invite ${name} to portal` }).click();
    const dialog = broker.page.getByRole('dialog', { name: 'Invite to Portal' });
    const emailOnFile = dialog.getByLabel('Email address');
    await expect(emailOnFile.inputValue()).resolves.toBe(client.email);
    await expect(emailOnFile.getAttribute('readonly')).resolves.not.toBeNull();
    await dialog.getByText(`${name} will sign in with ${client.email}.`).waitFor();
    await expectAccessible(broker.page, 'dialog');
    await dialog.getByRole('radio', { name: 'SMS (text message)' }).click();
    await dialog.getByText('No phone number on file.').waitFor();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(broker.page, {
      title: 'Validation Error',
      description: 'This client has no phone number on file. Edit the client to add one.',
      variant: 'destructive',
    });
    await dialog.getByRole('button', { name: 'Edit contact details' }).click();
    const edit = broker.page.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Phone').fill('+15035550142');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(broker.page, { title: 'Client updated', description: `${name} was saved.`, variant: 'success' });
    await edit.waitFor({ state: 'hidden' });
    // The row shows the new phone once the list is read again; the dialog opens with what the row holds.
    await broker.page.getByRole('link', { name: '(503) 555-0142' }).waitFor();
    await broker.page.getByRole('button', { name: `Invite ${name} to portal` }).click();
    await dialog.getByRole('radio', { name: 'SMS (text message)' }).click();
    await expect(dialog.getByLabel('Phone number').inputValue()).resolves.toBe('(503) 555-0142');
    await dialog.getByRole('radio', { name: 'Email' }).click();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(broker.page, {
      title: 'Invitation sent',
      description: 'Consumer invitation sent via email or sms',
      variant: 'success',
    });
    await dialog.waitFor({ state: 'hidden' });
    await broker.context.close();

    // The client opens the link from the mailbox and creates the account: name and e-mail come from the invitation.
    const signupPath = await signupPathFromMail(client.email!);
    const { context, page } = await openApp();
    await page.goto(signupPath);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByText(name, { exact: true }).waitFor();
    await page.getByText(client.email!, { exact: true }).waitFor();
    // The e-mail's link proved the address: no code is asked for.
    await expect(page.getByLabel('Email code').count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill(CONSUMER_PASSWORD);
    await page.getByLabel('Confirm password').fill('Another-Password-2026!');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, { title: 'Validation Error', description: "Passwords don't match", variant: 'destructive' });
    await createAccount(page);

    // Signed in, through /consumer-dashboard, into the portal: a tab per deal (labelled by the car) and My Broker.
    await expectPath(page, '/consumer-portal');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${name}` }).waitFor();
    // The greeting shows while the portal loads; the tabs come with its one API call.
    await page.getByRole('tab', { name: 'My Broker' }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      '2026 Toyota Camry',
      '2026 Toyota RAV4',
      'My Broker',
    ]);
    await expectAccessible(page);
    await saveScreenshot(page, 'consumer-portal');

    // The finalized deal: sign the brokering agreement (the company requires it before a fee), then pay the fee in a
    // new tab through the local checkout page, then "Paid" here.
    await page.getByRole('tab', { name: '2026 Toyota Camry' }).click();
    const agreement = page.getByRole('region', { name: 'Brokering Agreement' });
    await agreement.getByLabel('Type your full name to sign').fill(name);
    await agreement.getByRole('button', { name: 'Sign Agreement' }).click();
    await agreement.getByText(`by ${name} on`).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay Concierge Fee $250' }).isEnabled()).toBe(true);
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Pay Concierge Fee $250' }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay \$250/ }).click();
    // The checkout tab returns to the portal: "submitted" at once, "received" only once the fee reads paid.
    await expectPath(checkout, '/consumer-portal');
    await expectToast(checkout, {
      title: 'Payment submitted',
      description: 'Your concierge fee shows Paid as soon as the payment is confirmed.',
      variant: 'success',
    });
    await expectToast(checkout, {
      title: 'Payment received',
      description: 'Thank you for paying your concierge fee.',
      variant: 'success',
    });
    await page.bringToFront();
    await page.getByRole('region', { name: 'Concierge Fee' }).getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /Pay Concierge Fee/ }).count()).resolves.toBe(0);
    await checkout.close();
    const paid = await apiFetch<DealDetail>(`/deals/${finalized.id}`, { token: adminToken });
    expect(paid.body.deal.conciergeFeePaid).toBe(true);

    // The closed deal: refer a friend (a broken rule first), then the friend's e-mail arrives.
    await page.getByRole('tab', { name: '2026 Toyota RAV4' }).click();
    const refer = page.getByRole('form', { name: 'Refer a friend' });
    await refer.getByLabel("Friend's full name").fill('Sam Rivera');
    await refer.getByLabel("Friend's email").fill('not-an-email');
    await refer.getByRole('button', { name: 'Send Referral' }).click();
    await expectToast(page, { title: 'Validation Error', description: 'Invalid email address', variant: 'destructive' });
    const friendEmail = `sam.${tag().toLowerCase()}@example.com`;
    await refer.getByLabel("Friend's email").fill(friendEmail);
    await refer.getByRole('button', { name: 'Send Referral' }).click();
    await expectToast(page, { title: 'Referral Sent!', description: 'Invitation sent to Sam Rivera.', variant: 'success' });
    await waitForMail(friendEmail);
    await expectAccessible(page);

    // The finalized deal offers no referral, the closed one no payment.
    await page.getByRole('tab', { name: '2026 Toyota Camry' }).click();
    await page.getByRole('region', { name: 'Concierge Fee' }).waitFor();
    await expect.poll(() => page.getByRole('form', { name: 'Refer a friend' }).count()).toBe(0);

    // Their own deal in the reduced view: no lead source, broker fees, credit application, activity or Edit Deal.
    await page.goto(`/deals/${closed.id}`);
    await page.getByRole('heading', { level: 1, name: '2026 Toyota RAV4' }).waitFor();
    await expect(fact(page, 'Deal Terms', 'Monthly payment').textContent()).resolves.toBe('$389.00');
    await page.getByRole('region', { name: 'Incentives' }).getByText('None', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Trade-In' }).getByText('No trade-in').waitFor();
    for (const hidden of ['Lead Source', 'Broker', 'Credit Application', 'Activity']) {
      await expect(page.getByRole('region', { name: hidden, exact: true }).count()).resolves.toBe(0);
    }
    await expect(page.getByRole('link', { name: 'Edit Deal' }).count()).resolves.toBe(0);
    await expect(page.getByText('Pat Smith').count()).resolves.toBe(0);
    await expectAccessible(page);

    // Another client's deal is not found.
    const other = await createClient(`Owen ${tag()} Park`);
    const othersDeal = await createDeal(other.id, 'Corolla', 'pending');
    await page.goto(`/deals/${othersDeal.id}`);
    await page.getByRole('heading', { level: 1, name: 'Deal not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Portal' }).waitFor();
    await expectAccessible(page);

    // Logout returns to /auth, and the portal then sends a visitor to /auth too.
    await page.goto('/consumer-portal');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/auth');
    await page.goto('/consumer-portal');
    await expectPath(page, '/auth');
    await context.close();
    // The whole journey (a broker, a new consumer, a checkout tab, two e-mails) outlasts the suite's 60 s default.
  }, 240_000);

  it('a client invited by text proves the e-mail on file with an e-mailed code before the account is made', async () => {
    const name = `Tess ${tag()} Vale`;
    const phone = `+1503555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const client = await createClient(name, { phone });
    const sent = await apiFetch(`/clients/${client.id}/invitations`, { token: brokerToken, body: { invitationType: 'sms' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
    const text = outbox.messages.find((message) => message.phoneNumber === phone)!;
    const link = new URL(/https?:\/\/\S+\/consumer-signup\?token=[A-Za-z0-9_-]+/.exec(text.message)![0]);
    const { context, page } = await openApp();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByText(client.email!, { exact: true }).waitFor();
    await page.getByText('Your invitation came by text message. To confirm this email address is yours').waitFor();
    await expectAccessible(page);
    // Without a code the form says what is missing and puts the cursor in the code field.
    await page.getByLabel('Password', { exact: true }).fill(CONSUMER_PASSWORD);
    await page.getByLabel('Confirm password').fill(CONSUMER_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, { title: 'Validation Error', description: 'Enter the code we emailed you', variant: 'destructive' });
    await expect.poll(() => page.getByLabel('Email code').evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expectToast(page, {
      title: 'Code sent',
      description: `We emailed a 6-digit code to ${client.email}. It is valid for 15 minutes.`,
      variant: 'success',
    });
    await page.getByRole('button', { name: 'Send a new code' }).waitFor();
    const code = await waitForVerificationCode(client.email!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Email code').fill(wrong);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, {
      title: 'Sign up failed',
      description: 'That code is not right. Check the email and try again.',
      variant: 'destructive',
    });
    await page.getByText('That code is not right. Check the email and try again.', { exact: true }).first().waitFor();
    await page.getByLabel('Email code').fill(code);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectPath(page, '/consumer-portal');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${name}` }).waitFor();
    await context.close();
  }, 120_000);

  it('shows each state of the invitation link: used, expired, unknown and missing', async () => {
    const { context, page } = await openApp();

    // Used: the link of a client who signed up already.
    const used = await createClient(`Ivy ${tag()} Moss`);
    const usedPath = await inviteByApi(used);
    await page.goto(usedPath);
    await createAccount(page);
    await expectPath(page, '/consumer-portal');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/auth');
    await page.goto(usedPath);
    await page.getByRole('alert').filter({ hasText: 'This invitation has already been used' }).waitFor();
    await expectAccessible(page);

    // Expired: an invitation past its date (written straight to the table: a week is too long to wait).
    const expired = await createClient(`Eli ${tag()} Frost`);
    const expiredPath = await inviteByApi(expired);
    const token = new URLSearchParams(expiredPath.split('?')[1]).get('token')!;
    const stack = getStack();
    const table = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    await table.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `INVITATION#${token}`, sk: 'INVITATION' },
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    await page.goto(expiredPath);
    await page.getByRole('alert').filter({ hasText: 'This invitation has expired' }).waitFor();

    await page.goto('/consumer-signup?token=notARealInvitationToken');
    await page.getByRole('alert').filter({ hasText: 'This invitation link is no longer valid' }).waitFor();

    await page.goto('/consumer-signup');
    await page.getByRole('alert').filter({ hasText: 'No invitation token provided' }).waitFor();
    await expectAccessible(page);
    await context.close();
  }, 120_000);
});
