/**
 * The consumer portal's own promises in Chromium (docs/decisions.md, "Consumers (web)"): My Broker shows the broker's
 * photo (a URL the browser loads, not the photo's storage key), Refer a Friend is offered on every closed deal,
 * in the portal and on the deal's own page, and after paying a concierge fee the checkout returns to that deal's tab,
 * whichever tab the portal opens first.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { PresignedUploadResponse } from '@shared/brokers/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, createUser, TEST_PASSWORD } from '@test/support/stack';
import { setAgreementRequired } from '@test/support/agreement';
import { expectAccessible, expectPath, signIn, useWebApp } from './browser';

const openApp = useWebApp();

/** A real 1 x 1 PNG: the browser decodes it, so a loaded photo has a width. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let principals: Principals;
let consumer: { email: string; dealIds: { closedFirst: string; finalized: string; closedLast: string } };

/** otherBroker's photo, uploaded the way the profile page does. */
async function uploadBrokerPhoto(token: string): Promise<void> {
  const presigned = await apiFetch<PresignedUploadResponse>('/profile/photo-upload', {
    token,
    body: { fileName: 'me.png', contentType: 'image/png', size: PHOTO.length },
  });
  expect(presigned.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
  form.append('file', new Blob([PHOTO], { type: 'image/png' }));
  expect((await fetch(presigned.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  expect((await apiFetch('/profile/photo', { token, body: { fileName: 'me.png' } })).status).toBe(200);
}

// The portal's tabs and return from checkout; the signed agreement before paying is test/e2e/agreement.test.ts.
afterAll(() => setAgreementRequired(true));

beforeAll(async () => {
  principals = await loadPrincipals();
  await setAgreementRequired(false);
  await uploadBrokerPhoto(principals.of.otherBroker.token);

  // A consumer of their own, a client of otherBroker, with a closed deal, a finalized one with a fee, and another
  // closed one (tabs deal-1, deal-2, deal-3: the fee is not on the tab the portal opens first).
  const data = createData();
  const start = Date.now() - 3 * 86_400_000;
  const { email, userId } = await createUser('consumer');
  await data.users.create({ userId, role: 'consumer', fullName: 'Casey Portal', email }, new Date(start));
  const { client } = await data.clients.create(
    { fullName: 'Casey Portal', email, profileId: principals.of.otherBroker.userId, userId },
    new Date(start),
  );
  const deal = async (model: string, status: 'closed' | 'finalized', minutes: number) =>
    (
      await data.deals.create(
        {
          clientId: client.id,
          clientName: client.fullName,
          dealershipId: principals.records.dealership,
          brokerId: principals.of.otherBroker.userId,
          year: 2025,
          make: 'Mazda',
          model,
          dealType: 'lease',
          status,
          monthlyPayment: 349,
          downPayment: 0,
          termMonths: 36,
          isArchived: false,
          creditAppFormType: 'generic',
          conciergeFee: status === 'finalized' ? 300 : 0,
          conciergeFeePaid: false,
        },
        new Date(start + minutes * 60_000),
      )
    ).deal.id;
  consumer = {
    email,
    dealIds: {
      closedFirst: await deal('CX-5', 'closed', 1),
      finalized: await deal('CX-50', 'finalized', 2),
      closedLast: await deal('CX-90', 'closed', 3),
    },
  };
});

async function signInToPortal(page: Page): Promise<void> {
  await signIn(page, consumer.email, TEST_PASSWORD);
  await expectPath(page, '/consumer-portal');
  await page.getByRole('tab', { name: 'My Broker' }).waitFor();
}

const selectedTabName = (page: Page) => page.getByRole('tab', { selected: true }).textContent();

describe('consumer portal', () => {
  it("shows My Broker's photo, loaded by the browser", async () => {
    const { context, page } = await openApp();
    await signInToPortal(page);

    await page.getByRole('tab', { name: 'My Broker' }).click();
    const photo = page.getByRole('region', { name: 'My Broker' }).locator('img');
    await photo.waitFor();
    await expect(photo.getAttribute('src')).resolves.toMatch(/^https?:\/\//);
    // Decoded: a storage key (or a refused URL) leaves a broken image of width 0.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it('offers Refer a Friend on every closed deal, in the portal and on the deal page, and on no other', async () => {
    const { context, page } = await openApp();
    await signInToPortal(page);
    const referForm = page.getByRole('form', { name: 'Refer a friend' });

    for (const [car, offered] of [
      ['2025 Mazda CX-5', true],
      ['2025 Mazda CX-50', false],
      ['2025 Mazda CX-90', true],
    ] as const) {
      await page.getByRole('tab', { name: car, exact: true }).click();
      await expect.poll(() => selectedTabName(page)).toBe(car);
      await expect.poll(() => referForm.count(), { message: car }).toBe(offered ? 1 : 0);
    }

    for (const [dealId, offered] of [
      [consumer.dealIds.closedFirst, true],
      [consumer.dealIds.finalized, false],
      [consumer.dealIds.closedLast, true],
    ] as const) {
      await page.goto(`/deals/${dealId}`);
      await page.getByRole('region', { name: 'Deal Information' }).waitFor();
      await expect.poll(() => referForm.count(), { message: dealId }).toBe(offered ? 1 : 0);
    }
    await page.goto(`/deals/${consumer.dealIds.closedLast}`);
    await referForm.waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("returns from the fee's checkout to that deal's tab", async () => {
    const { context, page } = await openApp();
    await signInToPortal(page);
    // The portal opens on the first deal; the fee is on the second.
    await expect.poll(() => selectedTabName(page)).toBe('2025 Mazda CX-5');
    await page.getByRole('tab', { name: '2025 Mazda CX-50', exact: true }).click();

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Pay Concierge Fee $300' }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay \$300/ }).click();

    await expectPath(checkout, '/consumer-portal');
    await checkout.getByRole('tab', { name: 'My Broker' }).waitFor();
    await expect.poll(() => selectedTabName(checkout)).toBe('2025 Mazda CX-50');
    await checkout.getByRole('region', { name: 'Concierge Fee' }).waitFor();
    await expect.poll(() => new URL(checkout.url()).search).toBe('?tab=deal-2');
    await context.close();
  }, 120_000);
});
