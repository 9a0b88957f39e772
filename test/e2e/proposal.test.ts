/**
 * Desking to an accepted proposal in Chromium (issue 21, part 3), on the seeded local stack: the demo broker desks a
 * lease deal from the grid, uses its terms (total due at signing filled with the drive-off), saves, shares a
 * proposal from the deal page; the client opens the link in a fresh browser context on a phone-sized window, without
 * an account, and accepts; the broker sees the deal pending, the acceptance on the activity trail and the proposal
 * listed as accepted. The deal is created through the API as the demo broker.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { calculateLease } from '@shared/lease/calculate';
import { formatMoneyCents } from '@shared/format';
import { parseNumberInput } from '@web/components/ui/form-rules';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

async function leaseDeal(): Promise<DealView> {
  const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
  const token = (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
  const client = await expectOk(
    apiFetch<ClientView>('/clients', { token, body: { fullName: `Proposal ${tag}`, email: `proposal.${tag}@example.com` } }),
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

    // Share the proposal: its link is shown once.
    const proposals = page.getByRole('region', { name: 'Proposals' });
    await proposals.getByRole('button', { name: 'Share proposal' }).click();
    const link = proposals.getByLabel(/Proposal link/);
    await expect.poll(() => link.inputValue()).toMatch(/\/proposal\/[A-Za-z0-9_-]{22}$/);
    const url = new URL(await link.inputValue());
    await proposals.getByText('Sent', { exact: true }).waitFor();
    await expectAccessible(page);

    // The client: a fresh browser context on a phone, no account.
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
    await client.page.getByRole('button', { name: 'Accept' }).click();
    await client.page.getByRole('status').getByText('Thank you: the proposal is accepted.', { exact: false }).waitFor();

    // The broker: the deal is pending, the acceptance on the trail, the proposal accepted.
    await page.reload();
    await page.getByText('Pending', { exact: true }).first().waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText(`Proposal ${tag} accepted the proposal`).waitFor();
    await activity.getByText(/Accepted from IP address: /).waitFor();
    await page.getByRole('region', { name: 'Proposals' }).getByRole('button', { name: 'Show proposals' }).click();
    await page.getByRole('region', { name: 'Proposals' }).getByText('Accepted', { exact: true }).waitFor();

    // Opened again, the link says it is accepted.
    await client.page.reload();
    await client.page.getByText(/This proposal is accepted/).waitFor();
  });
});
