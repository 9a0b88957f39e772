/**
 * ADF leads in Chromium (docs/decisions.md, "ADF leads"): an admin makes a dealership's lead address in its ADF dialog
 * and reads the full address; an ADF document posted to it appears in the lead inbox, marked ADF. "Send to Dealer" on
 * a deal of that dealership says it was sent, and the local mailbox has the ADF e-mail at the dealership's lead address.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { createData } from '@infra/data/create-data';
import type { DealView } from '@shared/deals/api';
import { parseAdf } from '@functions/leads/adf/adf';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, waitForMail } from '@test/support/stack';
import { expectAccessible, expectPath, signIn, useWebApp } from './browser';

const openApp = useWebApp();
const admin = DEMO_USERS.find((user) => user.key === 'admin')!;
const tag = randomUUID().slice(0, 8);
const dealershipName = `Adf ${tag} Motors`;
const leadEmail = `crm-${tag}@dealer.example.com`;

let principals: Principals;
let dealershipId: string;
beforeAll(async () => {
  principals = await loadPrincipals();
  const { dealership } = await createData().dealerships.create(
    { name: dealershipName, location: 'Oakland, CA', leadEmail },
    new Date(),
  );
  dealershipId = dealership.id;
});

const adfLead = (lastName: string) => `<?xml version="1.0" encoding="UTF-8"?>
<adf><prospect>
  <id source="DealerSite">WEB-${tag}</id>
  <vehicle interest="lease"><year>2026</year><make>BMW</make><model>X5</model></vehicle>
  <customer><contact><name part="first">Dana</name><name part="last">${lastName}</name>
    <email>dana.${tag}@example.com</email><phone type="cellphone">(415) 555-0199</phone></contact></customer>
  <provider><name part="full">DealerSite Leads</name></provider>
</prospect></adf>`;

describe('ADF leads', () => {
  it("an admin reads a dealership's lead address; a lead posted to it appears in the inbox", async () => {
    const { page } = await openApp();
    await signIn(page, admin.email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/dealerships');
    await page.getByLabel('Search dealerships').fill(dealershipName);
    const row = page.getByRole('row').filter({ hasText: dealershipName });
    await row.getByRole('button', { name: `ADF lead address of ${dealershipName}` }).click();
    const dialog = page.getByRole('dialog', { name: `ADF lead address: ${dealershipName}` });
    await dialog.getByRole('button', { name: 'Make Lead Address' }).click();
    const address = dialog.getByRole('textbox');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/leads\/adf\/[A-Za-z0-9_-]{22}$/);
    await expectAccessible(page, 'dialog');

    const lastName = `Okafor${tag}`;
    const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: adfLead(lastName) });
    expect(posted.status).toBe(200);

    await page.goto('/leads');
    const leadRow = page.getByRole('list', { name: 'Leads, newest first' }).getByRole('listitem').filter({ hasText: lastName });
    await leadRow.waitFor();
    await expect(leadRow.getByText('ADF', { exact: true }).count()).resolves.toBe(1);
  });

  it('"Send to Dealer" on a deal says it was sent and the dealership\'s lead address gets the ADF e-mail', async () => {
    const { client } = await createData().clients.create(
      { fullName: `Jordan ${tag} Price`, email: `jordan-${tag}@example.com`, profileId: 'test' },
      new Date(),
    );
    const created = await apiFetch<DealView>('/deals', {
      token: principals.tokenOf('admin'),
      body: {
        year: 2026,
        make: 'Toyota',
        model: 'RAV4',
        monthlyPayment: 311.04,
        downPayment: 1500,
        termMonths: 36,
        mileageAllowance: 10000,
        apr: 3,
        clientId: client.id,
        dealershipId,
        brokerId: principals.of.broker.userId,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deal = created.body;

    const { page } = await openApp();
    await signIn(page, admin.email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto(`/deals/${deal.id}`);
    await page.getByRole('button', { name: 'Send to Dealer' }).click();
    await page.getByRole('dialog', { name: 'Send to Dealer' }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Sent to dealer', { exact: true }).waitFor();
    await page.getByText('sent the deal to the dealer (ADF)').first().waitFor();

    const mail = await waitForMail(leadEmail, (message) => (message.body.text ?? '').includes(deal.id));
    const [prospect] = parseAdf(mail.body.text!);
    expect(prospect).toMatchObject({
      externalId: { id: deal.id, source: 'LeaseDesk' },
      lastName: 'Price',
      vehicle: { interest: 'lease', make: 'Toyota', model: 'RAV4' },
      amounts: { monthly: 311.04, downpayment: 1500 },
    });
  });
});
