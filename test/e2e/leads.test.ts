/**
 * The lead inbox in Chromium (docs/decisions.md, "Leads"): a shopper's quote request (POST /quote-requests) appears in
 * the admin's inbox, newest first with its age, in one API call; the admin assigns it to the demo broker, who
 * converts it: the client is created and /deals/new opens prefilled with the client and the lead's vehicle, and the
 * deal saves. The seeded lead whose e-mail notice failed and the "Waiting > 5 min" mark show. An assignment made on
 * a lead someone changed since the page loaded is refused with the API's message and the page shows the lead as it
 * is now. axe on every page.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { DEMO_TRADE_IN_LEAD_ID } from '@infra/local/seed/leads';
import { LEAD_CHANGED_MESSAGE } from '@shared/leads/api';
import type { QuoteRequestResponse } from '@shared/quotes/api';
import { apiFetch, getStack, signIn } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';
import { screenCalls } from '@test/support/shell-calls';

const openApp = useWebApp();
const apiOrigin = new URL(getStack().urls.api).origin;
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
const FLOW_TIMEOUT_MS = 300_000;

beforeAll(async () => {
  // The dev server compiles the app on its first request: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

/** Letters only: names allow letters, spaces, hyphens and apostrophes. */
const word = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .replace(/^./, (first) => first.toUpperCase());

/** Records the API calls a screen makes (OPTIONS and the app shell's GET /me and GET /notifications aside). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const call = `${request.method()} ${url.pathname}`;
    if (url.origin === apiOrigin && request.method() !== 'OPTIONS' && screenCalls([call]).length > 0) calls.push(call);
  });
  return calls;
}

describe('the lead inbox', () => {
  it(
    "a quote request reaches the admin's inbox, is assigned to a broker who converts it into a client and a deal",
    async () => {
      const lastName = `Shopper${word()}`;
      const submitted = await apiFetch<QuoteRequestResponse>('/quote-requests', {
        body: {
          idempotencyKey: randomUUID(),
          vehiclePreference: 'exact',
          exactYear: 2026,
          exactMake: 'Toyota',
          exactModel: 'RAV4',
          exactTrim: 'XLE',
          firstName: 'Quinn',
          lastName,
          email: `quinn.${lastName.toLowerCase()}@example.com`,
          phone: '4155550177',
          zipCode: '94107',
          preferredContactMethod: 'text',
        },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const leadId = submitted.body.id;
      // This lead's e-mail notice failed, as when SES refuses an address (the local mailbox takes every message).
      await createData().quotes.recordNotification(leadId, {
        status: 'failed',
        error: 'Email address is not verified',
        at: new Date().toISOString(),
      });

      // The admin's inbox: newest first, one call, the lead's marks. The page's clock is the test's, so the lead's
      // live age can be moved past 5 minutes without waiting (other tests' fresh leads fill the first page).
      const admin = await openApp();
      let page = admin.page;
      await page.clock.install();
      await signInAs(page, 'admin');
      await page.getByRole('link', { name: /New Leads/ }).waitFor();
      const calls = recordApiCalls(page);
      await page.goto('/leads');
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await expect.poll(() => page.title()).toBe('Leads · LeaseDesk');
      const rows = page.getByRole('list', { name: 'Leads, newest first' }).getByRole('listitem');
      await rows.first().getByText(`Quinn ${lastName}`).waitFor();
      await expect(rows.first().textContent()).resolves.toContain('just now');
      await rows.first().getByText('E-mail notice failed').waitFor();
      await expect(rows.first().getByText('Waiting > 5 min').count()).resolves.toBe(0);
      expect(calls).toEqual(['GET /leads']);
      await page.clock.fastForward('06:00');
      await rows.first().getByText('Waiting > 5 min').waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, 'leads-inbox');

      // Assign it to the demo broker.
      await page.getByRole('link', { name: `Open lead Quinn ${lastName}` }).click();
      await expectPath(page, `/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: `Quinn ${lastName}` }).waitFor();
      await expectAccessible(page);
      await page.getByRole('combobox', { name: 'Assign to broker' }).click();
      await page.getByRole('option', { name: demo('broker').fullName }).click();
      await expectToast(page, {
        title: 'Lead assigned',
        description: `Quinn ${lastName} is with ${demo('broker').fullName}.`,
        variant: 'success',
      });
      await page
        .getByText(`Assigned to ${demo('broker').fullName}`)
        .first()
        .waitFor();
      await admin.context.close();

      // The broker converts it: /deals/new opens with the client and the vehicle.
      const broker = await openApp();
      page = broker.page;
      await signInAs(page, 'broker', `/leads/${leadId}`);
      await page.getByRole('heading', { level: 1, name: `Quinn ${lastName}` }).waitFor();
      await page.getByRole('combobox', { name: 'Change status' }).click();
      await page.getByRole('option', { name: 'Contacted', exact: true }).click();
      await expectToast(page, { title: 'Status updated', description: 'Marked Contacted.', variant: 'success' });
      await page.getByText(`Contacted by ${demo('broker').fullName}`).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Convert' }).click();
      await expectToast(page, {
        title: 'Client created',
        description: `Quinn ${lastName}: opening a new deal.`,
        variant: 'success',
      });
      await page.getByRole('heading', { level: 1, name: 'Create New Deal' }).waitFor();
      expect(new URL(page.url()).searchParams.get('make')).toBe('Toyota');
      await expect(page.getByLabel('Year', { exact: true }).inputValue()).resolves.toBe('2026');
      await expect(page.getByLabel('Model', { exact: true }).inputValue()).resolves.toBe('RAV4');
      await expect(page.getByLabel(/^Trim/).inputValue()).resolves.toBe('XLE');
      await expect(page.getByRole('combobox', { name: /^Client/ }).textContent()).resolves.toContain(`Quinn ${lastName}`);
      await expectAccessible(page);

      // The deal needs a dealership and its terms; then it saves for the new client.
      const dealership = `Lead Motors ${word()}`;
      await page.getByRole('button', { name: 'New Dealership' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Dealership' });
      await dialog.getByLabel('Dealership name').fill(dealership);
      await dialog.getByLabel('Location').fill('Fresno, CA');
      await dialog.getByRole('button', { name: 'Create Dealership' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('combobox', { name: /^Dealership/ })
        .filter({ hasText: dealership })
        .waitFor();
      await page.getByLabel('Monthly payment').fill('429');
      await page.getByLabel('Down payment').fill('2,000');
      await page.getByLabel('Term (months)').fill('36');
      await page.getByLabel('Mileage allowance (per year)').fill('10000');
      await page.getByLabel('APR (%)').fill('3.9');
      const created = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/deals' && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Create Deal' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const deal = (await response.json()) as { clientId: string; make: string; model: string; trim: string };
      expect(deal).toMatchObject({ make: 'Toyota', model: 'RAV4', trim: 'XLE' });
      await expectToast(page, { title: 'Deal created successfully', description: '2026 Toyota RAV4', variant: 'success' });

      await page.goto(`/leads/${leadId}`);
      await page.getByText(`Converted by ${demo('broker').fullName}`).waitFor();
      await broker.context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'converting the seeded trade-in lead opens the deal form with everything the shopper typed, and the deal links back',
    async () => {
      const { context, page } = await openApp();
      await signInAs(page, 'broker', `/leads/${DEMO_TRADE_IN_LEAD_ID}`);
      await page.getByRole('heading', { level: 1, name: 'Dana Whitfield' }).waitFor();
      // The shopper picked the demo broker, who holds the lead automatically.
      await page.getByText(`Assigned to ${demo('broker').fullName} automatically (the shopper’s pick)`).waitFor();
      await page.getByText('The shopper was acknowledged by text.').waitFor();
      await page.getByRole('button', { name: /^(Convert|New deal)$/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Create New Deal' }).waitFor();
      expect(new URL(page.url()).searchParams.get('leadId')).toBe(DEMO_TRADE_IN_LEAD_ID);

      const value = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' }).inputValue();
      await expect.poll(() => value('Model')).toBe('Camry');
      await expect.poll(() => value(/^Trim/)).toBe('XSE');
      await expect.poll(() => value('Mileage allowance (per year)')).toMatch(/^12,?000$/);
      await expect.poll(() => value(/^Trade-in year/)).toBe('2019');
      await expect.poll(() => value(/^Trade-in make/)).toBe('Honda');
      await expect.poll(() => value(/^Trade-in model/)).toBe('Accord');
      await expect.poll(() => value(/^Trade-in mileage/)).toMatch(/^58,?000$/);
      await expect.poll(() => value(/^Lienholder/)).toBe('Chase');
      await expect.poll(() => value(/^Payoff balance/)).toMatch(/^8,?500$/);
      await expect.poll(() => page.getByRole('checkbox', { name: 'Costco' }).getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => page.getByRole('checkbox', { name: 'AAA' }).getAttribute('aria-checked')).toBe('false');
      const notes = await value(/^Notes/);
      expect(notes).toContain('Monthly budget: $400');
      expect(notes).toContain('Current lease: Toyota');
      expect(notes).toContain('Preferred contact: Text');
      await expect(page.getByRole('combobox', { name: /^Client/ }).textContent()).resolves.toContain('Dana Whitfield');
      await expectAccessible(page);
      await saveScreenshot(page, 'lead-converted-deal-form');

      // The broker reviews, adds the dealership and the terms, and saves.
      const dealership = `Lead Motors ${word()}`;
      await page.getByRole('button', { name: 'New Dealership' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Dealership' });
      await dialog.getByLabel('Dealership name').fill(dealership);
      await dialog.getByLabel('Location').fill('Fresno, CA');
      await dialog.getByRole('button', { name: 'Create Dealership' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('combobox', { name: /^Dealership/ })
        .filter({ hasText: dealership })
        .waitFor();
      await page.getByLabel('Monthly payment').fill('389');
      await page.getByLabel('Down payment').fill('1,500');
      await page.getByLabel('Term (months)').fill('36');
      await page.getByLabel('APR (%)').fill('3.9');
      const created = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/deals' && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Create Deal' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const deal = (await response.json()) as Record<string, unknown>;
      expect(deal).toMatchObject({
        sourceLeadId: DEMO_TRADE_IN_LEAD_ID,
        incentives: ['Costco'],
        mileageAllowance: 12000,
        creditScoreRange: '670-739',
        tradeInYear: 2019,
        tradeInMake: 'Honda',
        tradeInModel: 'Accord',
        tradeInLienholder: 'Chase',
        tradeInPayoffBalance: 8500,
      });
      await expectToast(page, { title: 'Deal created successfully', description: '2026 Toyota Camry', variant: 'success' });

      // The lead lists the deal, and the deal says it came from the lead.
      await page.goto(`/leads/${DEMO_TRADE_IN_LEAD_ID}`);
      await page.getByRole('heading', { level: 2, name: 'Deals from this lead' }).waitFor();
      await page.locator(`a[href="/deals/${String(deal.id)}"]`).click();
      await expectPath(page, `/deals/${String(deal.id)}`);
      await page.getByRole('link', { name: 'View the lead' }).click();
      await expectPath(page, `/leads/${DEMO_TRADE_IN_LEAD_ID}`);
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it('refuses an assignment on a lead claimed since the page loaded, says so, and shows who has it now', async () => {
    const lastName = `Stale${word()}`;
    const leadId = `lead-${randomUUID()}`;
    await createData().leads.create({
      id: leadId,
      firstName: 'Sasha',
      lastName,
      email: `sasha.${lastName.toLowerCase()}@example.com`,
      phone: '4155550178',
      zipCode: '94107',
      vehiclePreference: 'help',
      createdAt: new Date().toISOString(),
      status: 'new',
    });
    const { context, page } = await openApp();
    await signInAs(page, 'admin', `/leads/${leadId}`);
    await page.getByRole('heading', { level: 1, name: `Sasha ${lastName}` }).waitFor();
    await page.getByText('Unassigned', { exact: true }).waitFor();

    // Meanwhile the demo broker claims it from the pool.
    const { idToken } = await signIn(demo('broker').email, DEMO_PASSWORD);
    expect((await apiFetch(`/leads/${leadId}/claim`, { token: idToken, method: 'POST' })).status).toBe(200);
    const assignment = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/leads/${leadId}/assign` && request.method() === 'POST',
    );
    await page.getByRole('combobox', { name: 'Assign to broker' }).click();
    await page.getByRole('option', { name: demo('broker').fullName }).click();

    // The assignment carried the revision the page loaded; the API's 409 is shown and the lead is read again.
    expect((await assignment).postDataJSON()).toEqual({ brokerId: expect.any(String), revision: 0 });
    await expectToast(page, { title: 'Error assigning lead', description: LEAD_CHANGED_MESSAGE, variant: 'destructive' });
    await page
      .getByText(`Assigned to ${demo('broker').fullName}`)
      .first()
      .waitFor();
    await page.getByText(`Claimed by ${demo('broker').fullName}`).waitFor();
    await expectAccessible(page);
    expect((await createData().leads.get(leadId))?.assignmentHistory).toHaveLength(1);
    await context.close();
  }, 120_000);
});
