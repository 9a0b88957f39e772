/**
 * A proposal with three options in Chromium (docs/decisions.md, "Proposal options"), on the seeded local stack: the
 * demo broker shares three options (through the API, as the desk's comparison sends them); the client opens the link
 * in a fresh browser context on a phone without an account, reads the options stacked (no sideways scroll), accepts
 * option 2 by keyboard after confirming (the focus following each step; one request however often the button is
 * pressed), and sees it marked accepted with the others no longer offered; on a laptop the options stand side by
 * side; the broker's deal page names option 2 as the accepted one, in the Proposals card and on the activity trail.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import type { CreateProposalResponse } from '@shared/proposals/api';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, isFocused, useWebApp } from './browser';
import { signInAs } from './session';
import { OPTIONS } from '@test/support/proposal-options';

const openApp = useWebApp();

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

/** A lease deal of the demo broker for a new client, shared with OPTIONS. */
async function sharedWithOptions(): Promise<{ deal: DealView; shared: CreateProposalResponse }> {
  const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
  const token = (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
  const client = await expectOk(
    apiFetch<ClientView>('/clients', {
      token,
      body: { fullName: `Options ${tag}`, email: `proposal.options.${tag}@example.com` },
    }),
    201,
  );
  const deal = await expectOk(
    apiFetch<DealView>('/deals', {
      token,
      body: {
        clientId: client.id,
        dealershipId: dealerships.dealerships[0]!.id,
        year: 2026,
        make: `Zo${tag}`,
        model: 'Options',
        dealType: 'lease',
        monthlyPayment: 449.5,
        downPayment: 0,
        termMonths: 36,
        mileageAllowance: 12000,
        moneyFactor: 0.00185,
        apr: 4.44,
        status: 'available',
      },
    }),
    201,
  );
  const shared = await expectOk(
    apiFetch<CreateProposalResponse>(`/deals/${deal.id}/proposals`, { token, body: { options: OPTIONS } }),
    201,
  );
  return { deal, shared };
}

describe('proposal options by link', () => {
  it('the client accepts option 2 of three from the link without an account; the broker sees option 2 accepted', async () => {
    const { deal, shared } = await sharedWithOptions();
    const path = new URL(shared.url).pathname;

    // The client: a fresh browser context on a phone, no account.
    const client = await openApp({ viewport: { width: 390, height: 844 } });
    const accepts: string[] = [];
    client.page.on('request', (request) => {
      if (request.method() === 'POST' && /\/proposals\/[^/]+\/accept$/.test(request.url())) accepts.push(request.url());
    });
    await client.page.goto(path);
    await client.page.getByRole('heading', { name: 'Your lease proposal' }).waitFor();
    const options = client.page.getByTestId('proposal-option');
    await expect.poll(() => options.count()).toBe(3);
    const second = client.page.getByRole('listitem', { name: 'Option 2: Dealer quote: Sample Motors' });
    // Its figures: the monthly payment, due at signing, term and miles, the total the server derived, the deposits.
    for (const text of ['$389.99', '$3,989.99', '39 months', '12,000', '$18,109.61', '$700.00']) {
      await second.getByText(text, { exact: false }).first().waitFor();
    }
    await client.page.getByRole('listitem', { name: 'Option 3: One-pay, 24 months' }).getByText('One payment').waitFor();
    // Stacked on the phone: nothing wider than the screen.
    expect(await client.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A proposal with options has no Accept of its own: each option has its own.
    await expect(client.page.getByRole('button', { name: 'Accept', exact: true }).count()).resolves.toBe(0);
    await expectAccessible(client.page);

    // Accept option 2: a confirmation naming it first, then one request however often it is pressed. By keyboard, the
    // focus follows each step that removes the button just pressed: to "Yes", back to the option's button on Cancel,
    // to the answer once accepted.
    const acceptSecond = second.getByRole('button', { name: 'Accept this option' });
    await acceptSecond.focus();
    await client.page.keyboard.press('Enter');
    const confirm = second.getByRole('group', { name: 'Confirm Option 2: Dealer quote: Sample Motors' });
    await confirm.getByText('Accept Option 2: Dealer quote: Sample Motors?', { exact: false }).waitFor();
    const yes = confirm.getByRole('button', { name: 'Yes, accept this option' });
    await expect.poll(() => isFocused(yes)).toBe(true);
    await client.page.keyboard.press('Tab');
    await client.page.keyboard.press('Space');
    await expect.poll(() => isFocused(acceptSecond)).toBe(true);
    await client.page.keyboard.press('Enter');
    await expect.poll(() => isFocused(yes)).toBe(true);
    await expectAccessible(client.page);
    await yes.dblclick();
    const thanks = client.page
      .getByRole('status')
      .filter({ hasText: 'Thank you: you accepted Option 2: Dealer quote: Sample Motors.' });
    await thanks.waitFor();
    await expect.poll(() => isFocused(thanks)).toBe(true);
    await second.getByText('Accepted', { exact: true }).waitFor();
    await expect.poll(() => client.page.getByRole('button', { name: 'Accept this option' }).count()).toBe(0);
    expect(accepts).toHaveLength(1);

    // Opened again, option 2 stands accepted and the others are not offered.
    await client.page.reload();
    await second.getByText('Accepted', { exact: true }).waitFor();
    await expect(client.page.getByText('Accepted', { exact: true }).count()).resolves.toBe(1);
    await expect(client.page.getByRole('button', { name: 'Accept this option' }).count()).resolves.toBe(0);

    // On a laptop the three options stand side by side.
    const laptop = await openApp({ viewport: { width: 1280, height: 900 } });
    await laptop.page.goto(path);
    const cards = laptop.page.getByTestId('proposal-option');
    await expect.poll(() => cards.count()).toBe(3);
    const tops = await Promise.all([0, 1, 2].map(async (index) => (await cards.nth(index).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);

    // The broker: the deal page names option 2 as the accepted one, in the card and on the trail.
    const { page } = await openApp();
    await signInAs(page, 'broker', `/deals/${deal.id}`);
    const card = page.getByRole('region', { name: 'Proposals' });
    await card.getByText(/^Accepted proposal: Option 2: Dealer quote: Sample Motors \(\$389\.99\/mo, 39 months/).waitFor();
    const listed = card.getByRole('list', { name: 'Options' }).getByRole('listitem');
    await expect.poll(() => listed.count()).toBe(3);
    await listed.nth(1).getByText('Accepted', { exact: true }).waitFor();
    await expect(listed.nth(0).getByText('Accepted', { exact: true }).count()).resolves.toBe(0);
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Accepted option: Option 2: Dealer quote: Sample Motors').waitFor();
    await expectAccessible(page);
    // Three browsers and a sign-in: longer than one screen's test on a shared machine.
  }, 150_000);
});
