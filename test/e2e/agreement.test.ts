/**
 * The brokering agreement before the concierge fee in Chromium (docs/decisions.md, "Agreements"): a consumer whose
 * finalized deal has a fee reads the agreement filled in for the deal, cannot pay before signing (the pay button is
 * disabled), types their full name to sign, and then opens the checkout. The deal page's card follows the agreement
 * from "Not sent" to "Signed" as the broker sends the link and the client reads and signs; an admin saves a new version
 * in the editor and the earlier one stays readable (last: later reads get the new text).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { AgreementVersionsResponse, ConsumerAgreementResponse } from '@shared/agreements/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, createUser, signIn as signInApi, TEST_PASSWORD, waitForMail } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, signIn, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();

let principals: Principals;
let consumer: { email: string; dealId: string; clientId: string; clientName: string };

beforeAll(async () => {
  principals = await loadPrincipals();
  // The company's current agreement, naming the deal's car and fee.
  const listed = await apiFetch<AgreementVersionsResponse>('/admin/agreement', { token: principals.tokenOf('admin') });
  const written = await apiFetch('/admin/agreement/versions', {
    token: principals.tokenOf('admin'),
    body: {
      text: 'I, {{client}}, hire {{broker}} for the {{vehicle}} and pay {{fee}}.',
      basedOn: listed.body.versions[0]?.version ?? null,
    },
  });
  expect(written.status, JSON.stringify(written.body)).toBe(201);

  consumer = await consumerWithFinalizedDeal('Sam Signer');
});

/** A consumer of the demo broker's book with a finalized Kia EV9 lease whose $400 fee is unpaid. */
async function consumerWithFinalizedDeal(clientName: string) {
  const data = createData();
  const { email, userId } = await createUser('consumer');
  await data.users.create({ userId, role: 'consumer', fullName: clientName, email }, new Date());
  const { client } = await data.clients.create(
    { fullName: clientName, email, profileId: principals.of.broker.userId, userId },
    new Date(),
  );
  const { deal } = await data.deals.create(
    {
      clientId: client.id,
      clientName,
      dealershipId: principals.records.dealership,
      brokerId: principals.of.broker.userId,
      year: 2025,
      make: 'Kia',
      model: 'EV9',
      dealType: 'lease',
      status: 'finalized',
      monthlyPayment: 549,
      downPayment: 0,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
      conciergeFee: 400,
      conciergeFeePaid: false,
    },
    new Date(),
  );
  return { email, dealId: deal.id, clientId: client.id, clientName };
}

describe('the brokering agreement in the consumer portal', () => {
  it('keeps the pay button disabled until the consumer signs, then opens the checkout', async () => {
    const { context, page } = await openApp();
    await signIn(page, consumer.email, TEST_PASSWORD);
    await expectPath(page, '/consumer-portal');

    const agreement = page.getByRole('region', { name: 'Brokering Agreement' });
    await agreement.getByText(`I, ${consumer.clientName}, hire`).waitFor();
    await expect(agreement.getByLabel('Agreement text').textContent()).resolves.toContain('the 2025 Kia EV9 and pay $400.00');
    const pay = page.getByRole('button', { name: 'Pay Concierge Fee $400' });
    await pay.waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await expectAccessible(page);

    await agreement.getByLabel('Type your full name to sign').fill(consumer.clientName);
    await agreement.getByRole('button', { name: 'Sign Agreement' }).click();
    await agreement.getByText(`by ${consumer.clientName} on`).waitFor();
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await createData().agreements.signature(consumer.dealId, consumer.clientId)).toMatchObject({
      signedName: consumer.clientName,
    });

    const [checkout] = await Promise.all([context.waitForEvent('page'), pay.click()]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay \$400/ }).waitFor();
    await context.close();
  }, 120_000);
});

describe("the deal page's agreement card", () => {
  it('follows the agreement from "Not sent" to "Sent" when the broker sends the link, then "Viewed" and "Signed" as the client reads and signs', async () => {
    const client = await consumerWithFinalizedDeal('Vera Viewer');
    const { page } = await openApp();
    await signInAs(page, 'broker', `/deals/${client.dealId}`);
    const card = page.getByRole('region', { name: 'Brokering Agreement' });
    // The state is the value of the card's "State" fact (the card also has facts named "Viewed" and "Signed").
    const state = (label: string) =>
      card
        .locator('div', { has: page.getByRole('term').getByText('State', { exact: true }) })
        .getByRole('definition')
        .getByText(label, { exact: true });
    await state('Not sent').waitFor();

    await card.getByRole('button', { name: 'Send Agreement Link' }).click();
    await expectToast(page, {
      title: 'Agreement sent',
      description: `The portal link was e-mailed to ${client.email}.`,
      variant: 'success',
    });
    await state('Sent').waitFor();
    await waitForMail(client.email);

    // The client opens the agreement in the portal (the first read marks it viewed), then signs it.
    const { idToken } = await signInApi(client.email, TEST_PASSWORD);
    const read = await apiFetch<ConsumerAgreementResponse>(`/consumer/deals/${client.dealId}/agreement`, { token: idToken });
    expect(read.status).toBe(200);
    await page.reload();
    await state('Viewed').waitFor();

    const signed = await apiFetch(`/consumer/deals/${client.dealId}/agreement/signature`, {
      token: idToken,
      body: { fullName: client.clientName, version: read.body.version },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await page.reload();
    await state('Signed').waitFor();
    await card.getByText(new RegExp(`^${client.clientName}, .*\\(version ${read.body.version}, from `)).waitFor();
    expect(await card.getByRole('button', { name: 'Send Agreement Link' }).count()).toBe(0);
  });
});

describe('the agreement editor (/admin/agreement)', () => {
  it('saves the text as a new version, and keeps the earlier version readable below', async () => {
    const before = await apiFetch<AgreementVersionsResponse>('/admin/agreement', { token: principals.tokenOf('admin') });
    const previous = before.body.versions[0]!;
    const { page } = await openApp();
    await signInAs(page, 'admin', '/admin/agreement');
    await page.getByRole('heading', { level: 1, name: 'Brokering Agreement' }).waitFor();
    await expect.poll(() => page.title()).toBe('Brokering Agreement · LeaseDesk');
    await page.getByText(`Current text (version ${previous.version})`).waitFor();
    await expectAccessible(page);

    const text = 'I, {{client}}, engage {{broker}} to find the {{vehicle}} for a fee of {{fee}}.';
    await page.getByLabel('Agreement text').fill(text);
    await page.getByRole('button', { name: 'Save New Version' }).click();
    await expectToast(page, {
      title: 'Agreement saved',
      description: `Version ${previous.version + 1} is now current.`,
      variant: 'success',
    });
    await page.getByText(`Current text (version ${previous.version + 1})`).waitFor();
    expect(await page.getByLabel('Agreement text').inputValue()).toBe(text);

    const earlier = page.locator('details').filter({ hasText: `Version ${previous.version},` });
    await earlier.locator('summary').click();
    await earlier.getByText(previous.text, { exact: true }).waitFor();
  });
});
