/**
 * Desking to an accepted proposal in Chromium (docs/decisions.md, "Proposals"), on the seeded local stack: the demo
 * broker desks a lease deal from the grid, uses its terms (total due at signing filled with the drive-off), saves,
 * shares a proposal from the deal page, which e-mails it to the client (read from the local SES store); the client
 * opens the mailed link in a fresh browser context on a phone-sized window, without an account, and accepts; the
 * broker's bell names the client and opens the deal, pending, with the acceptance on the activity trail and the
 * accepted proposal named. Revoking a proposal asks first. The deals are created through the API as the demo broker.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { calculateLease } from '@shared/lease/calculate';
import { formatMoneyCents } from '@shared/format';
import { parseNumberInput } from '@web/components/ui/form-rules';
import type { CreateProposalResponse } from '@shared/proposals/api';
import { apiFetch, signIn as signInApi, waitForMail, webMode } from '@test/support/stack';
import { expectAccessible, expectPath, isFocused, recordScripts, staffAppScripts, useWebApp } from './browser';
import { PUBLIC_PAGE_JS_BUDGETS, describeScripts, gzippedTotal, recordTransferredScripts } from './page-weight';
import { signInAs } from './session';

const openApp = useWebApp();

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

const brokerToken = async () => {
  const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
  return (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
};

const clientEmail = `proposal.${tag}@example.com`;

/** A lease deal of the demo broker for a new client (`suffix` tells a second one of this file apart). */
async function leaseDeal(suffix = ''): Promise<DealView> {
  const token = await brokerToken();
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
  const client = await expectOk(
    apiFetch<ClientView>('/clients', {
      token,
      body: { fullName: `Proposal ${tag}${suffix}`, email: suffix ? `proposal.${tag}.${suffix}@example.com` : clientEmail },
    }),
    201,
  );
  return expectOk(
    apiFetch<DealView>('/deals', {
      token,
      body: {
        clientId: client.id,
        dealershipId: dealerships.dealerships[0]!.id,
        year: 2026,
        make: `Zp${tag}`,
        model: 'Proposal',
        dealType: 'lease',
        monthlyPayment: 449.5,
        downPayment: 2999,
        termMonths: 36,
        mileageAllowance: 12000,
        moneyFactor: 0.00185,
        apr: 4.44,
        status: 'available',
      },
    }),
    201,
  );
}

describe('proposal by link', () => {
  it('desks a deal from the grid, shares the proposal, and the client accepts it from the link without an account', async () => {
    const deal = await leaseDeal();
    const { page } = await openApp();
    await signInAs(page, 'broker');

    // Desk from the grid and use these terms: the total due at signing is the quote's drive-off.
    await page.goto(`/deals/${deal.id}/edit`);
    const panel = page.getByRole('region', { name: 'Desking' });
    await panel.waitFor();
    await panel.getByLabel('MSRP').fill('40000');
    await panel.getByLabel('Selling price').fill('38000');
    await panel.getByLabel('Residual (%)').fill('58');
    await panel.getByLabel('Tax rate (%)').fill('7');
    const quote = calculateLease({
      msrp: 40000,
      sellingPrice: 38000,
      residualPercent: 58,
      moneyFactor: 0.00185,
      taxRatePercent: 7,
      termMonths: 36,
      cashDown: 1000,
    });
    const cell = panel.getByRole('button', { name: /^36 months, \$1,000\.00 down/ });
    await expect.poll(() => cell.textContent()).toBe(formatMoneyCents(quote.monthlyPayment));
    await cell.click();
    await panel.getByRole('button', { name: 'Use these terms' }).click();
    const form = page.getByRole('form', { name: 'Edit deal' });
    await expect
      .poll(async () => parseNumberInput(await form.getByLabel('Total due at signing').inputValue()))
      .toBe(quote.driveOff);
    await expect
      .poll(async () => parseNumberInput(await form.getByLabel('Monthly payment').inputValue()))
      .toBe(quote.monthlyPayment);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, `/deals/${deal.id}`);
    const terms = page.getByRole('region', { name: 'Deal Terms' });
    await terms.getByText(formatMoneyCents(quote.driveOff)).waitFor();

    // Share the proposal: it is e-mailed to the client, and the dialog says so and still offers the link once.
    const proposals = page.getByRole('region', { name: 'Proposals' });
    await proposals.getByRole('button', { name: 'Share proposal' }).click();
    const shared = page.getByRole('dialog', { name: 'Proposal shared' });
    await shared.getByText(`The proposal was e-mailed to ${clientEmail}.`).waitFor();
    const link = shared.getByLabel(/Proposal link/);
    await expect.poll(() => link.inputValue()).toMatch(/\/proposal\/[A-Za-z0-9_-]{22}$/);
    const shownUrl = await link.inputValue();
    await shared.getByRole('button', { name: 'Copy link' }).waitFor();
    await expectAccessible(page);
    await shared.getByRole('button', { name: 'Done' }).click();
    await proposals.getByText('Sent', { exact: true }).waitFor();

    // The client receives the e-mail (the local SES store) with the same link.
    const mail = await waitForMail(clientEmail, (message) => message.body.text?.includes('/proposal/') ?? false);
    const mailed = /https?:\/\/\S+\/proposal\/[A-Za-z0-9_-]{22}/.exec(mail.body.text ?? '')?.[0];
    expect(mailed).toBe(shownUrl);
    const url = new URL(mailed!);

    // The client: a fresh browser context on a phone, no account, opening the mailed link.
    const client = await openApp({ viewport: { width: 390, height: 844 } });
    await client.page.goto(url.pathname);
    await client.page.getByRole('heading', { name: 'Your lease proposal' }).waitFor();
    await expect.poll(() => client.page.title()).toContain(`Proposal: 2026 Zp${tag} Proposal`);
    await expect(client.page.getByTestId('proposal-monthly-payment').textContent()).resolves.toBe(
      formatMoneyCents(quote.monthlyPayment),
    );
    await expect(client.page.getByTestId('proposal-due-at-signing').textContent()).resolves.toBe(
      formatMoneyCents(quote.driveOff),
    );
    await expect(client.page.getByText(/Client fee|Dealer fee|Commission|Lead source/).count()).resolves.toBe(0);
    await expectAccessible(client.page);
    // By keyboard: the answer takes the focus from the button it replaces.
    await client.page.getByRole('button', { name: 'Accept' }).focus();
    await client.page.keyboard.press('Enter');
    const thanks = client.page.getByRole('status').filter({ hasText: 'Thank you: the proposal is accepted.' });
    await thanks.waitFor();
    await expect.poll(() => isFocused(thanks)).toBe(true);

    // The broker: the bell names the client and opens the deal, which is pending, with the acceptance on the trail
    // and the accepted proposal named without asking for the list.
    await page.reload();
    // Opened while the deal still loads, the bell's panel would close when the page's shell is replaced by the deal's.
    await page.getByRole('heading', { level: 1, name: `2026 Zp${tag} Proposal` }).waitFor();
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const notice = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: new RegExp(`Proposal ${tag} accepted your proposal`) });
    await notice.click();
    await expectPath(page, `/deals/${deal.id}`);
    await page.getByText('Pending', { exact: true }).first().waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText(`Proposal ${tag} accepted the proposal`).waitFor();
    await activity.getByText(/Accepted from IP address: /).waitFor();
    const card = page.getByRole('region', { name: 'Proposals' });
    await card.getByText(/^Accepted proposal: /).waitFor();
    await card.getByText('Accepted', { exact: true }).waitFor();

    // Opened again, the link says it is accepted.
    await client.page.reload();
    await client.page.getByText(/This proposal is accepted/).waitFor();
    // Two browsers, the desking grid, a mailbox and the bell: longer than one screen's test on a shared machine.
  }, 150_000);

  it('opens a link on a phone from its own light page: at most 60 KB of gzipped JavaScript, no staff app, accessible, printed without its actions, accepted again after a lost connection', async () => {
    const deal = await leaseDeal('light');
    const shared = await expectOk(
      apiFetch<CreateProposalResponse>(`/deals/${deal.id}/proposals`, { token: await brokerToken(), method: 'POST' }),
      201,
    );
    const client = await openApp({ viewport: { width: 390, height: 844 } });
    const transferred = recordTransferredScripts(client.page);
    const scripts = recordScripts(client.page);
    await client.page.goto(new URL(shared.url).pathname);
    await client.page.getByRole('heading', { name: 'Your lease proposal' }).waitFor();
    await client.page.getByRole('button', { name: 'Accept' }).waitFor();

    // The dev server sends every module apart and unminified: the budget is the production build's, which the
    // suite runs by default (docs/decisions.md, "Public pages").
    if (webMode() !== 'dev') {
      const loaded = await transferred();
      expect(gzippedTotal(loaded), describeScripts(loaded)).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGETS.proposal);
    }
    expect(staffAppScripts(await scripts())).toEqual([]);
    await expectAccessible(client.page);

    // Printed, the offer stays and the actions go.
    await client.page.emulateMedia({ media: 'print' });
    await expect.poll(() => client.page.getByRole('button', { name: 'Accept' }).isVisible()).toBe(false);
    await expect(client.page.getByTestId('proposal-monthly-payment').isVisible()).resolves.toBe(true);

    // On screen again, with the connection lost as the client accepts: the message takes the focus and "Accept"
    // stays, so trying again works once the connection is back.
    await client.page.emulateMedia({ media: 'screen' });
    const acceptUrl = /\/proposals\/[^/]+\/accept$/;
    await client.page.route(acceptUrl, (route) => route.abort());
    const accept = client.page.getByRole('button', { name: 'Accept' });
    await accept.click();
    const failure = client.page.getByRole('alert').filter({ hasText: 'Unable to reach the server.' });
    await failure.waitFor();
    await expect.poll(() => isFocused(failure)).toBe(true);
    await client.page.unroute(acceptUrl);
    await accept.click();
    await client.page.getByRole('status').filter({ hasText: 'Thank you: the proposal is accepted.' }).waitFor();
  });

  it('asks before revoking a proposal: Cancel keeps it sent, Revoke withdraws it; the focus comes back to Share proposal', async () => {
    const deal = await leaseDeal('revoke');
    const shared = await apiFetch<CreateProposalResponse>(`/deals/${deal.id}/proposals`, {
      token: await brokerToken(),
      method: 'POST',
    });
    expect(shared.status).toBe(201);
    const { page } = await openApp();
    await signInAs(page, 'broker', `/deals/${deal.id}`);
    const card = page.getByRole('region', { name: 'Proposals' });
    await card.getByRole('button', { name: 'Show proposals' }).click();
    await card.getByText('Sent', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke proposal' });
    await confirm.getByText('The client will no longer be able to open or accept this proposal. Revoke it?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await card.getByText('Sent', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Revoke' }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await card.getByText('Revoked', { exact: true }).waitFor();
    // The row's Revoke is gone with the dialog: the focus goes to "Share proposal", not to the page's start.
    const shareButton = card.getByRole('button', { name: 'Share proposal' });
    await expect.poll(() => isFocused(shareButton)).toBe(true);

    // Shared again from the card and the dialog closed with Escape: the focus is back on "Share proposal" (the
    // button was disabled while sending, so the browser has nothing of its own to return it to).
    await page.keyboard.press('Enter');
    const sharedDialog = page.getByRole('dialog', { name: 'Proposal shared' });
    await sharedDialog.getByRole('button', { name: 'Copy link' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => sharedDialog.isVisible()).toBe(false);
    await expect.poll(() => isFocused(shareButton)).toBe(true);
  });
});
