/**
 * The brokering agreement before the concierge fee in Chromium (docs/decisions.md, "Agreements"): a consumer whose
 * finalized deal has a fee reads the agreement filled in for the deal, cannot pay before signing (the pay button is
 * disabled), types their full name to sign, and then opens the checkout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { AgreementVersionsResponse } from '@shared/agreements/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, createUser, TEST_PASSWORD } from '@test/support/stack';
import { expectAccessible, expectPath, signIn, useWebApp } from './browser';

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

  const data = createData();
  const { email, userId } = await createUser('consumer');
  const clientName = 'Sam Signer';
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
  consumer = { email, dealId: deal.id, clientId: client.id, clientName };
});

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
