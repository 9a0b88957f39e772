/**
 * A proposal accepted from the consumer portal in Chromium (docs/decisions.md, "Proposals"): the admin shares a
 * proposal of an available deal of the demo consumer; the consumer, signed in, opens the deal's tab in the portal,
 * shows its proposals, asks a question and accepts; the deal is then pending with the acceptance (time and source
 * address) on its activity trail, exactly as through the public link. The deal and the proposal are created through the
 * API.
 */
import { describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { CreateProposalResponse } from '@shared/proposals/api';
import { apiFetch, claimsOf, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function tokenOf(key: 'admin' | 'consumer'): Promise<string> {
  const user = DEMO_USERS.find((demo) => demo.key === key)!;
  return (await signInApi(user.email, DEMO_PASSWORD)).idToken;
}

describe('a proposal in the consumer portal', () => {
  it('lets the signed-in consumer ask a question and accept, moving the deal to pending on its trail', async () => {
    const [adminToken, consumerToken] = await Promise.all([tokenOf('admin'), tokenOf('consumer')]);
    const client = await createData().clients.getByUser(String(claimsOf(consumerToken).sub));
    const [dealership] = await createData().dealerships.listByName();
    const created = await apiFetch<DealView>('/deals', {
      token: adminToken,
      body: {
        year: 2026,
        make: `Zc${tag}`,
        model: 'Portal',
        dealType: 'lease',
        monthlyPayment: 389.25,
        downPayment: 1500,
        termMonths: 36,
        mileageAllowance: 10000,
        apr: 2.5,
        clientId: client!.id,
        dealershipId: dealership!.id,
        status: 'available',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deal = created.body;
    const shared = await apiFetch<CreateProposalResponse>(`/deals/${deal.id}/proposals`, { token: adminToken, method: 'POST' });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);

    const { page } = await openApp();
    await signInAs(page, 'consumer', '/consumer-portal');
    await page.getByRole('tab', { name: new RegExp(`Zc${tag} Portal`) }).click();
    const proposals = page.getByRole('region', { name: 'Proposals' });
    await proposals.getByRole('button', { name: 'Show proposals' }).click();
    await proposals.getByTestId('proposal-monthly-payment').waitFor();
    await expectAccessible(page);

    await proposals.getByRole('button', { name: 'Ask a question' }).click();
    await proposals.getByLabel('Your question').fill(`Can I pick it up Saturday? ${tag}`);
    await proposals.getByRole('button', { name: 'Send question' }).click();
    await proposals.getByRole('status').getByText('Your question was sent to your broker.').waitFor();

    await proposals.getByRole('button', { name: 'Accept' }).click();
    await proposals.getByText('Thank you: the proposal is accepted.', { exact: false }).waitFor();

    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: adminToken });
    expect(detail.body.deal.status).toBe('pending');
    const accepted = detail.body.activity.find((entry) => entry.kind === 'proposal_accepted');
    expect(accepted?.changes.find((change) => change.field === 'acceptedFromIp')?.after).toBeTruthy();
    expect(accepted?.changes.find((change) => change.field === 'proposalId')?.after).toBe(shared.body.proposal.id);
    const question = detail.body.activity.find((entry) => entry.kind === 'proposal_question');
    expect(question?.changes.find((change) => change.field === 'question')?.after).toBe(`Can I pick it up Saturday? ${tag}`);

    // Opened again, the portal says it is accepted and offers no second accept.
    await page.reload();
    await page.getByRole('tab', { name: new RegExp(`Zc${tag} Portal`) }).click();
    await proposals.getByRole('button', { name: 'Show proposals' }).click();
    await proposals.getByText(/This proposal is accepted/).waitFor();
    await expect(proposals.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);
  });
});
