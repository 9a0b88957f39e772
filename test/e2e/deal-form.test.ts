/**
 * The deal form in Chromium (create and edit; docs/decisions.md, "Deal form"), on the
 * seeded local stack, axe on every page: a broker creates a deal with a new client and a new dealership from the
 * dialogs and edits it to not sold with a follow-up date; an admin finalizes it with a concierge fee of 99
 * (refused), then 250 (saved), and closes it; a lease deal's APR follows the money factor; a broker cannot choose
 * closed; a client arrives preselected; a broker waiting for approval gets no form.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { getStack } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, isFocused, saveScreenshot, signIn, useWebApp } from './browser';
import { signInAs } from './session';

const stack = getStack();
const openApp = useWebApp();
const apiOrigin = new URL(stack.urls.api).origin;

/** The flow of the first test takes two sign-ins and five saves (about 3 minutes on a loaded machine). */
const FLOW_TIMEOUT_MS = 300_000;

/** Letters only: a client's name allows letters, spaces, hyphens and apostrophes. */
function uniqueWord(): string {
  return randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .replace(/^./, (first) => first.toUpperCase());
}

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The options the select labelled `label` lists (it is closed again afterwards). */
async function optionsOf(page: Page, label: RegExp): Promise<string[]> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  // Without the chosen option's check mark (decorative, hidden from assistive technology).
  const options = (await listbox.getByRole('option').allTextContents()).map((text) => text.replace('✓', '').trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  return options;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });

interface NewClient {
  id: string;
  fullName: string;
}

/** Creates a client in the "New Client" dialog, checking its required-fields message first. */
async function addClientInDialog(page: Page): Promise<NewClient> {
  const fullName = `Jordan ${uniqueWord()}`;
  await page.getByRole('button', { name: 'New Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Client' });
  await dialog.waitFor();
  await expectAccessible(page, 'dialog');
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  await expectToast(page, {
    title: 'Missing information',
    description: 'Please provide client name and email',
    variant: 'destructive',
  });

  await dialog.getByLabel('Full name').fill(fullName);
  await dialog.getByLabel('Email').fill(`${fullName.replace(' ', '.').toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`);
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/clients' && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  const { id } = (await (await created).json()) as { id: string };
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('combobox', { name: /^Client/ })
    .filter({ hasText: fullName })
    .waitFor();
  return { id, fullName };
}

/** Creates a dealership in the "New Dealership" dialog, checking its required-fields message first. */
async function addDealershipInDialog(page: Page): Promise<string> {
  const name = `E2E Motors ${uniqueWord()}`;
  await page.getByRole('button', { name: 'New Dealership' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Dealership' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Create Dealership' }).click();
  await expectToast(page, {
    title: 'Missing information',
    description: 'Please provide dealership name and location',
    variant: 'destructive',
  });
  await dialog.getByLabel('Dealership name').fill(name);
  await dialog.getByLabel('Location').fill('Fresno, CA');
  await dialog.getByRole('button', { name: 'Create Dealership' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('combobox', { name: /^Dealership/ })
    .filter({ hasText: name })
    .waitFor();
  return name;
}

async function fillVehicleAndTerms(page: Page, make: string): Promise<void> {
  await page.getByLabel('Year', { exact: true }).fill('2026');
  await page.getByLabel('Make', { exact: true }).fill(make);
  await page.getByLabel('Model', { exact: true }).fill('Tourer');
  await page.getByLabel('Monthly payment').fill('499');
  await page.getByLabel('Down payment').fill('2,500');
  await page.getByLabel('Term (months)').fill('36');
  await page.getByLabel('Mileage allowance (per year)').fill('10000');
}

async function openEdit(page: Page, dealId: string): Promise<void> {
  await page.goto(`/deals/${dealId}/edit`);
  await saveButton(page).waitFor();
}

/** Saves the edit form: "Deal updated successfully" (with the deal's name) and back to the detail. */
async function saveEdit(page: Page, dealId: string, name: string): Promise<void> {
  await saveButton(page).click();
  await expectToast(page, { title: 'Deal updated successfully', description: name, variant: 'success' });
  await expectPath(page, `/deals/${dealId}`);
}

describe('deal form', () => {
  it(
    'lets a broker create a deal with a new client and dealership, then mark it not sold; an admin finalizes it with a valid concierge fee and closes it',
    async () => {
      // A broker creates the deal.
      const broker = await openApp();
      let page = broker.page;
      await signInAs(page, 'broker', '/deals/new');
      await page.getByRole('heading', { level: 1, name: 'Create New Deal' }).waitFor();
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Create Deal · LeaseDesk');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Create Deal' }).click();
      await expectToast(page, {
        title: 'Missing information',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      await expect.poll(() => isFocused(page.getByRole('combobox', { name: /^Client/ }))).toBe(true);
      await expect(page.getByRole('button', { name: 'Create Deal' }).isDisabled()).resolves.toBe(true);

      const client = await addClientInDialog(page);
      await addDealershipInDialog(page);
      const make = `Testmake ${uniqueWord()}`;
      await fillVehicleAndTerms(page, make);
      await page.getByLabel('Money factor').fill('0.00125');
      await expect.poll(() => page.getByLabel('APR (%)').inputValue()).toBe('3.00');
      await page.getByRole('checkbox', { name: 'Costco' }).check();
      await choose(page, /^How did the client hear about us/, 'Referral');
      await page.getByLabel('Referred by').fill('Sam Patel');
      await page.getByLabel('Dealer fee').fill('400');
      await page.getByLabel('Client fee').fill('250');
      await expect(page.getByLabel('Total broker fee').inputValue()).resolves.toBe('$650.00');
      await expect(page.getByRole('combobox', { name: /^Broker/ }).textContent()).resolves.toContain('Blake Rivera');
      await expectAccessible(page);
      await saveScreenshot(page, 'deal-form-create');

      const created = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/deals' && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Create Deal' }).click();
      const createdResponse = await created;
      expect(createdResponse.status()).toBe(201);
      const deal = (await createdResponse.json()) as { id: string; clientId: string; apr: number; brokerFeeTotal: number };
      expect(deal).toMatchObject({ clientId: client.id, apr: 3, brokerFeeTotal: 650 });
      const name = `2026 ${make} Tourer`;
      await expectToast(page, { title: 'Deal created successfully', description: name, variant: 'success' });
      // The new deal's page, not the dashboard.
      await expectPath(page, `/deals/${deal.id}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();

      // The broker marks it not sold with a follow-up date; closed is not offered.
      await openEdit(page, deal.id);
      await expectAccessible(page);
      const statuses = await optionsOf(page, /^Status/);
      expect(statuses).toEqual(['Available', 'Pending', 'Active', 'Not Sold']);
      await page.getByText('Only admins can set deals to closed status').waitFor();
      await choose(page, /^Status/, 'Not Sold');
      await saveButton(page).click();
      // On the field (the toast says it too).
      const editForm = page.getByRole('form', { name: 'Edit deal' });
      await editForm.getByText('Please select a reason for not sold').waitFor();
      await expect(saveButton(page).isDisabled()).resolves.toBe(true);

      // The not-sold fields are cleared when the status moves away.
      await choose(page, /^Reason for not sold/, 'Payment');
      await choose(page, /^Status/, 'Active');
      await choose(page, /^Status/, 'Not Sold');
      await expect(page.getByRole('combobox', { name: /^Reason for not sold/ }).textContent()).resolves.toContain(
        'Select a reason',
      );

      await choose(page, /^Reason for not sold/, 'Not ready to purchase at this time');
      await page.getByLabel('Follow-up notes (optional)').fill('Call after the holidays');
      await saveButton(page).click();
      await editForm.getByText('Please select a follow-up date').waitFor();
      await page.getByLabel('Follow-up date').fill('2027-01-15');
      await expectAccessible(page);
      // Hold the save for a moment, so "Saving..." can be seen.
      await page.route(
        (url) => url.origin === apiOrigin && url.pathname === `/deals/${deal.id}`,
        async (route) => {
          if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        },
      );
      const saving = saveEdit(page, deal.id, name);
      await page.getByRole('button', { name: 'Saving...' }).waitFor();
      await saving;
      await broker.context.close();

      // An admin finalizes it: a fee of 99 is refused, 250 is saved.
      const admin = await openApp();
      page = admin.page;
      await signInAs(page, 'admin');
      await openEdit(page, deal.id);
      await expect(page.getByLabel('Follow-up date').inputValue()).resolves.toBe('2027-01-15');
      const adminStatuses = await optionsOf(page, /^Status/);
      expect(adminStatuses).toEqual([
        'Available',
        'Pending',
        'Active',
        'Not Sold',
        'Finalized (Pending Concierge Fee)',
        'Closed (Admin Only)',
      ]);
      await expect(page.getByText('Only admins can set deals to closed status').count()).resolves.toBe(0);
      await choose(page, /^Status/, 'Finalized (Pending Concierge Fee)');
      await expect(page.getByLabel('Follow-up date').count()).resolves.toBe(0);
      const fee = page.getByLabel('Concierge fee');
      await fee.fill('99');
      await fee.blur();
      await page.getByText('Fee must be $0 (waived) or between $100 and $1500').waitFor();
      await expectToast(page, {
        title: 'Invalid concierge fee',
        description: 'Fee must be $0, or between $100 and $1500',
        variant: 'destructive',
      });
      await expect(saveButton(page).isDisabled()).resolves.toBe(true);
      await expectAccessible(page);
      await saveScreenshot(page, 'deal-form-concierge-fee');

      await fee.fill('250');
      await expect(saveButton(page).isDisabled()).resolves.toBe(false);
      await saveEdit(page, deal.id, name);

      // ... and closes it: the fee is then read-only.
      await openEdit(page, deal.id);
      await expect(page.getByLabel('Concierge fee').inputValue()).resolves.toBe('250');
      await choose(page, /^Status/, 'Closed (Admin Only)');
      await expect(page.getByLabel('Concierge fee').getAttribute('readonly')).resolves.not.toBeNull();
      await saveEdit(page, deal.id, name);

      await openEdit(page, deal.id);
      await expect(page.getByRole('combobox', { name: /^Status/ }).textContent()).resolves.toContain('Closed (Admin Only)');
      await expect(page.getByLabel('Concierge fee').inputValue()).resolves.toBe('250');
      await expect(page.getByLabel('Concierge fee').getAttribute('readonly')).resolves.not.toBeNull();
      await admin.context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it("makes a lease deal's APR the money factor x 2400, typed only without a money factor", async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals/new');
    const apr = page.getByLabel('APR (%)');
    await apr.fill('4.5');
    // Shown with the required 2 decimals once left (and whenever the money factor sets it).
    await page.getByLabel('Money factor').focus();
    await expect.poll(() => apr.inputValue()).toBe('4.50');

    await page.getByLabel('Money factor').fill('0.00211');
    await expect.poll(() => apr.inputValue()).toBe('5.06');
    await expect(apr.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Money factor').fill('0.00125');
    await expect.poll(() => apr.inputValue()).toBe('3.00');

    await page.getByLabel('Money factor').fill('');
    await expect(apr.isDisabled()).resolves.toBe(false);
    await page.getByLabel('Money factor').fill('0.001');
    await expect.poll(() => apr.inputValue()).toBe('2.40');

    // Not a lease: no money factor, the APR is typed.
    await choose(page, /^Deal type/, 'Finance');
    await expect(page.getByLabel('Money factor').count()).resolves.toBe(0);
    await expect(apr.isDisabled()).resolves.toBe(false);
    await choose(page, /^Deal type/, 'Lease');
    await expect(page.getByLabel('Money factor').inputValue()).resolves.toBe('');
    await expectAccessible(page);
    await context.close();
  });

  it('refuses closed to a broker on the create form with "Permission Denied"', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals/new');
    await page.getByText('Only admins can set deals to closed status').waitFor();

    await choose(page, /^Status/, 'Closed (Admin Only)');

    await expectToast(page, {
      title: 'Permission Denied',
      description: 'Only admins can mark deals as closed',
      variant: 'destructive',
    });
    await expect(page.getByRole('combobox', { name: /^Status/ }).textContent()).resolves.toContain('Available');
    await context.close();
  });

  it('opens with a preselected client from /deals/new?clientId=', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals/new');
    const client = await addClientInDialog(page);

    await page.goto(`/deals/new?clientId=${client.id}`);

    await page
      .getByRole('combobox', { name: /^Client/ })
      .filter({ hasText: client.fullName })
      .waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('tells a broker waiting for approval why they cannot create deals, with no form', async () => {
    const { context, page } = await openApp();
    const pending = DEMO_USERS.find((demo) => demo.key === 'pendingBroker')!;
    await signIn(page, pending.email, DEMO_PASSWORD);
    await page.waitForURL((url) => url.origin !== apiOrigin && !url.pathname.startsWith('/auth'));

    await page.goto('/deals/new');

    await page.getByRole('heading', { level: 1, name: 'Create New Deal' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'waiting for an admin to approve it' }).waitFor();
    await expect(page.getByRole('form').count()).resolves.toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
