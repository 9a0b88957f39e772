/**
 * The local checkout page (docs/decisions.md, "Payments"), in Chromium against the local stack with axe: the consumer's
 * checkout for their finalized deal shows the deal's stored fee, "Pay $X" posts the signed event the API verifies
 * with the `stripe` library, the fee is marked paid, and the page returns to the portal. The portal's own flow
 * (the button, "Paid") is the consumer screens' e2e.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { ConciergePaymentResponse } from '@shared/payments/api';
import { apiFetch, claimsOf, signIn as signInApi } from '@test/support/stack';
import { setAgreementRequired } from '@test/support/agreement';
import { expectAccessible, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();

// The checkout page itself; the signed agreement before it is test/e2e/agreement.test.ts.
beforeAll(() => setAgreementRequired(false));
afterAll(() => setAgreementRequired(true));

async function tokenOf(key: 'admin' | 'consumer'): Promise<string> {
  const user = DEMO_USERS.find((demo) => demo.key === key)!;
  return (await signInApi(user.email, DEMO_PASSWORD)).idToken;
}

/** A deal of the demo consumer's client, finalized by the admin with a concierge fee of $650. */
async function finalizedConsumerDeal(adminToken: string, consumerUserId: string): Promise<DealView> {
  const client = await createData().clients.getByUser(consumerUserId);
  const [dealership] = await createData().dealerships.listByName();
  const created = await apiFetch<DealView>('/deals', {
    token: adminToken,
    body: {
      year: 2026,
      make: 'Volvo',
      model: 'XC60',
      monthlyPayment: 599,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 2.5,
      clientId: client!.id,
      dealershipId: dealership!.id,
      status: 'active',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const finalized = await apiFetch<DealView>(`/deals/${created.body.id}`, {
    token: adminToken,
    method: 'PATCH',
    body: { ...created.body, status: 'finalized', conciergeFee: 650 },
  });
  expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
  return finalized.body;
}

describe('the local checkout page', () => {
  it("charges the deal's stored fee, marks it paid through the signed webhook and returns to the portal", async () => {
    const [adminToken, consumerToken] = await Promise.all([tokenOf('admin'), tokenOf('consumer')]);
    const deal = await finalizedConsumerDeal(adminToken, String(claimsOf(consumerToken).sub));
    const checkout = await apiFetch<ConciergePaymentResponse>(`/deals/${deal.id}/concierge-payment`, {
      token: consumerToken,
      method: 'POST',
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const { context, page } = await openApp();

    await page.goto(checkout.body.url);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText('Concierge fee – 2026 Volvo XC60').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay $650.00' }).click();

    await page.waitForURL((url) => url.pathname === '/consumer-portal' || url.pathname === '/auth');
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(true);
    await context.close();
  });

  it('leaves the fee unpaid when the payment differs from the fee due, shows the admin "received … due — review", and the admin marks it paid with a reason, once', async () => {
    const [adminToken, consumerToken] = await Promise.all([tokenOf('admin'), tokenOf('consumer')]);
    const deal = await finalizedConsumerDeal(adminToken, String(claimsOf(consumerToken).sub));
    const checkout = await apiFetch<ConciergePaymentResponse>(`/deals/${deal.id}/concierge-payment`, {
      token: consumerToken,
      method: 'POST',
    });
    // The admin raises the fee while the consumer's checkout (for $650) is open.
    const raised = await apiFetch<DealView>(`/deals/${deal.id}`, {
      token: adminToken,
      method: 'PATCH',
      body: { ...deal, conciergeFee: 700 },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const { context, page } = await openApp();

    await page.goto(checkout.body.url);
    await page.getByRole('button', { name: 'Pay $650.00' }).click();
    await page.waitForURL((url) => url.pathname === '/consumer-portal' || url.pathname === '/auth');

    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(false);
    await signInAs(page, 'admin', `/deals/${deal.id}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Concierge fee payment to review' });
    await notice.getByText('Payment of $650.00 received; $700.00 due — review', { exact: false }).waitFor();
    await page.getByText('received a payment that does not match the fee (not marked paid)', { exact: false }).waitFor();
    await expectAccessible(page);

    // "Mark fee paid": a reason is required (focus goes to it); a double click on the submit sends one request.
    await notice.getByRole('button', { name: 'Mark fee paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the concierge fee paid' });
    await dialog.getByRole('button', { name: 'Mark fee paid' }).click();
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('The client paid the $50 difference by card');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Mark fee paid' }).dblclick();

    await dialog.waitFor({ state: 'hidden' });
    await notice.waitFor({ state: 'detached' });
    await page.getByText('resolved a payment to review', { exact: false }).waitFor();
    await page.getByText('Note: The client paid the $50 difference by card').waitFor();
    const stored = await createData().deals.get(deal.id);
    expect([stored?.conciergeFeePaid, stored?.paymentsToReview]).toEqual([true, []]);
    const trail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: adminToken });
    expect(trail.body.activity.filter((entry) => entry.kind === 'payment_resolved')).toHaveLength(1);
    await context.close();
  });
});
