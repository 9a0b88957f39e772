/**
 * Broker performance in Chromium (docs/decisions.md, "Brokers (web)"), on the seeded
 * local stack, axe on every page and dialog: the approval dialog keeps a typed commission while the broker reloads
 * in the background (CPU throttled); an admin approves the pending demo broker, who then creates a deal
 * without signing in again; the approval shows in the dialog's history; the month navigator stops at the current
 * month and goes back; the charts render with their numbers readable; load failures toast the required words; a
 * broker opening the page is turned away.
 *
 * The approval changes the seeded pending broker, whom other files expect pending: afterAll puts them back.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import type { BrokerListResponse, UpdateBrokerRequest } from '@shared/brokers/api';
import { addMonths, currentMonth, monthLabel } from '@web/features/brokers/month';
import { apiFetch, getStack, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();

// The first page of a fresh stack waits for the dev server to compile the app: let that happen outside the tests.
beforeAll(async () => {
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await context.close();
}, 150_000);
const apiOrigin = new URL(getStack().urls.api).origin;

/** Two sign-ins, an approval and a deal with a new client and dealership (minutes on a loaded machine). */
const FLOW_TIMEOUT_MS = 300_000;
/** A sign-in and a few page loads, on a machine shared by several stacks. */
const PAGE_TIMEOUT_MS = 150_000;

function demo(key: DemoUserKey) {
  return DEMO_USERS.find((user) => user.key === key)!;
}

async function openBrokersPage(page: Page, search = ''): Promise<void> {
  await page.goto(`/admin/brokers${search}`);
  await page.getByRole('heading', { level: 1, name: 'Broker Performance' }).waitFor();
  await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
}

/** Letters only: client names allow letters, spaces, hyphens and apostrophes. */
function uniqueWord(): string {
  return randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .replace(/^./, (first) => first.toUpperCase());
}

afterAll(async () => {
  // Put the demo broker back to pending (not approved, not licensed), as the seed made them.
  const admin = (await signInApi(demo('admin').email, DEMO_PASSWORD)).idToken;
  const { body } = await apiFetch<BrokerListResponse>('/admin/brokers', { token: admin });
  const broker = [...body.pending, ...body.approved].find((candidate) => candidate.email === demo('pendingBroker').email);
  if (!broker) return;
  const pending: UpdateBrokerRequest = {
    isApproved: false,
    isLicensed: false,
    commissionType: broker.commissionType ?? 'percentage',
    commissionValue: broker.commissionValue ?? 0,
    licenseNumber: null,
    licenseExpirationDate: null,
  };
  await apiFetch(`/admin/brokers/${broker.id}`, { token: admin, method: 'PATCH', body: pending });
});

describe('broker performance', { timeout: PAGE_TIMEOUT_MS }, () => {
  // First: it needs the demo broker pending (the next test approves them); its save is answered here, not stored.
  it('keeps the commission an admin typed while the broker reloads in the background, failing once (CPU throttled)', async () => {
    const pendingName = demo('pendingBroker').fullName;
    const { context, page } = await openApp();
    await signInAs(page, 'admin');
    await openBrokersPage(page);
    // The dialog's broker reloads when the browser is back online (TanStack Query's reconnect refetch): the first
    // reload fails, as on a loaded server, the next answers. The save is caught: the request body is what counts.
    let failNextReload = false;
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname.startsWith('/admin/brokers/'),
      async (route) => {
        if (route.request().method() === 'PATCH') {
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":{"code":"unavailable","message":"Not saved"}}',
          });
        } else if (failNextReload) {
          failNextReload = false;
          await route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"internal","message":"Busy"}}',
          });
        } else {
          await route.continue();
        }
      },
    );
    const brokerReloaded = () =>
      page.waitForResponse(
        (response) => response.request().method() === 'GET' && /^\/admin\/brokers\/[^/]+$/.test(new URL(response.url()).pathname),
      );
    const offlineAndBack = async () => {
      await context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);
      await context.setOffline(false);
    };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.getByRole('button', { name: `Approve ${pendingName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve ${pendingName}` });
    const commission = dialog.getByLabel('Commission (% of fees)');
    await commission.fill('10');

    failNextReload = true;
    const failed = brokerReloaded();
    await offlineAndBack();
    expect((await failed).status()).toBe(500);
    const answered = brokerReloaded();
    await offlineAndBack();
    expect((await answered).status()).toBe(200);

    await expect.poll(() => commission.inputValue()).toBe('10');
    const saved = page.waitForRequest((request) => request.method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Save Approval' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ isApproved: true, commissionType: 'percentage', commissionValue: 10 });
    await expectToast(page, { title: 'Error updating broker', description: 'Not saved', variant: 'destructive' });
  });

  it(
    'lets an admin approve the pending demo broker, who then creates a deal without signing in again',
    async () => {
      const pendingName = demo('pendingBroker').fullName;

      // The pending broker is signed in and blocked.
      const broker = await openApp();
      await signInAs(broker.page, 'pendingBroker');
      await broker.page.getByText('Account Pending Review').waitFor();

      // The admin approves them.
      const { page } = await openApp();
      await signInAs(page, 'admin');
      await openBrokersPage(page);
      expect(await page.title()).toBe('Broker Performance · LeaseDesk');
      const pendingList = page.getByRole('list', { name: 'Brokers awaiting approval' });
      await pendingList.getByText(pendingName).waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, 'brokers-page');

      await page.getByRole('button', { name: `Approve ${pendingName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Approve ${pendingName}` });
      await dialog.getByRole('radio', { name: 'Percentage' }).waitFor();
      await expect.poll(() => dialog.getByRole('switch', { name: 'Approved' }).getAttribute('aria-checked')).toBe('true');
      await dialog.getByText('No approval changes yet.').waitFor();
      // Approving without "Licensed" says what it means, in the dialog (not in silence).
      const licenceNote = dialog.getByRole('status').filter({ hasText: 'cannot create deals until licensed' });
      await expect(licenceNote.textContent()).resolves.toContain(`${pendingName} can sign in but cannot create deals`);
      await expectAccessible(page, 'dialog');

      // Licensed without a licence number is refused on its field.
      await dialog.getByRole('radio', { name: 'Percentage' }).click();
      await dialog.getByLabel('Commission (% of fees)').fill('12.5');
      await dialog.getByRole('checkbox', { name: 'Licensed' }).click();
      await licenceNote.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Save Approval' }).click();
      await dialog.getByText('A licensed broker needs a license number').waitFor();

      await dialog.getByLabel('License number').fill('CA-E2E-1001');
      // Licensed on an expired licence is refused on the expiration field.
      await dialog.getByLabel('License expiration').fill('2020-06-30');
      await dialog.getByRole('button', { name: 'Save Approval' }).click();
      await dialog.getByText('License expiration cannot be in the past for a licensed broker').waitFor();
      await dialog.getByLabel('License expiration').fill('2028-06-30');
      await saveScreenshot(page, 'brokers-approve-dialog');
      await dialog.getByRole('button', { name: 'Save Approval' }).click();
      await expectToast(page, { title: 'Broker updated', description: `${pendingName} is approved.`, variant: 'success' });
      await dialog.waitFor({ state: 'hidden' });
      // Other suites sharing the stack leave pending brokers of their own: the demo broker's row is what leaves.
      await page.getByRole('button', { name: `Approve ${pendingName}` }).waitFor({ state: 'detached' });

      // The approval is in the history, by the admin who saved it.
      await page.getByRole('button', { name: `Edit ${pendingName}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${pendingName}` });
      const history = edit.getByRole('region', { name: 'Approval history' });
      await history.getByText(`by ${demo('admin').fullName}`, { exact: false }).waitFor();
      await expect(history.getByRole('listitem').first().textContent()).resolves.toContain('Approved');
      await expect(history.textContent()).resolves.toContain('Commission: No commission set → 12.5% of fees');
      await expectAccessible(page, 'dialog');
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // The broker, still signed in, creates a deal: the API reads the new standing on this very request.
      await broker.page.goto('/deals/new');
      await broker.page.getByRole('button', { name: 'New Client' }).click();
      const clientDialog = broker.page.getByRole('dialog', { name: 'New Client' });
      const clientName = `Morgan ${uniqueWord()}`;
      await clientDialog.getByLabel('Full name').fill(clientName);
      await clientDialog.getByLabel('Email').fill(`morgan.${randomUUID().slice(0, 8)}@example.com`);
      await clientDialog.getByRole('button', { name: 'Create Client' }).click();
      await clientDialog.waitFor({ state: 'hidden' });
      await broker.page
        .getByRole('combobox', { name: /^Client/ })
        .filter({ hasText: clientName })
        .waitFor();
      await broker.page.getByRole('button', { name: 'New Dealership' }).click();
      const dealershipDialog = broker.page.getByRole('dialog', { name: 'New Dealership' });
      const dealershipName = `E2E Brokers Motors ${uniqueWord()}`;
      await dealershipDialog.getByLabel('Dealership name').fill(dealershipName);
      await dealershipDialog.getByLabel('Location').fill('Fresno, CA');
      await dealershipDialog.getByRole('button', { name: 'Create Dealership' }).click();
      await dealershipDialog.waitFor({ state: 'hidden' });
      await broker.page
        .getByRole('combobox', { name: /^Dealership/ })
        .filter({ hasText: dealershipName })
        .waitFor();
      const make = `Zb${uniqueWord().toLowerCase()}`;
      await broker.page.getByLabel('Year', { exact: true }).fill('2026');
      await broker.page.getByLabel('Make', { exact: true }).fill(make);
      await broker.page.getByLabel('Model', { exact: true }).fill('Tourer');
      await broker.page.getByLabel('Monthly payment').fill('499');
      await broker.page.getByLabel('Down payment').fill('2,500');
      await broker.page.getByLabel('Term (months)').fill('36');
      await broker.page.getByLabel('Mileage allowance (per year)').fill('10000');
      await broker.page.getByLabel('Money factor').fill('0.00125');
      const created = broker.page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/deals' && response.request().method() === 'POST',
      );
      await broker.page.getByRole('button', { name: 'Create Deal' }).click();
      expect((await created).status()).toBe(201);
      await expectToast(broker.page, {
        title: 'Deal created successfully',
        description: `2026 ${make} Tourer`,
        variant: 'success',
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it('moves back a month and forward again, never past the current month, keeping the month in the URL', async () => {
    const { page } = await openApp();
    await signInAs(page, 'admin');
    await openBrokersPage(page);
    const navigator = page.getByRole('navigation', { name: 'Month' });
    const next = navigator.getByRole('button', { name: 'Next Month' });
    const thisMonth = currentMonth();

    await navigator.getByText(monthLabel(thisMonth), { exact: true }).waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);

    await navigator.getByRole('button', { name: 'Previous Month' }).click();
    await navigator.getByText(monthLabel(addMonths(thisMonth, -1)), { exact: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('month') === addMonths(thisMonth, -1));
    await expect(next.isDisabled()).resolves.toBe(false);
    await expectAccessible(page);

    await next.click();
    await navigator.getByText(monthLabel(thisMonth), { exact: true }).waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);

    // A month after the current one, typed into the address bar, shows the current month.
    await openBrokersPage(page, `?month=${addMonths(thisMonth, 2)}`);
    await navigator.getByText(monthLabel(thisMonth), { exact: true }).waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);
  });

  it('draws the team and broker charts, their numbers readable in a table', async () => {
    const { page } = await openApp();
    await signInAs(page, 'admin');
    await openBrokersPage(page);

    const team = page.getByRole('figure', { name: 'Team, last 6 months' });
    // The chart module (recharts) is its own lazy chunk: a fresh dev server compiles it on first request.
    await team.locator('svg.recharts-surface').first().waitFor({ timeout: 60_000 });
    await expect(team.locator('.recharts-bar-rectangle').count()).resolves.toBeGreaterThan(0);
    const table = team.getByRole('table', { name: 'Team, last 6 months: deals closed and fees by month' });
    await expect(table.getByRole('row').count()).resolves.toBe(7);
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Month', 'Deals closed', 'Fees']);
    const lastRow = await table.getByRole('row').last().textContent();
    expect(lastRow).toMatch(/^[A-Z][a-z]{2} \d{4}\d+\$[\d,]+$/);

    const blake = page.getByRole('figure', { name: `${demo('broker').fullName}, last 6 months` });
    await blake.locator('svg.recharts-surface').first().waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'brokers-charts');
  });

  it('toasts "Error loading brokers" and "Error loading stats" with the server message when loading fails', async () => {
    const { page } = await openApp();
    await signInAs(page, 'admin');
    const failure = (message: string) => ({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message } }),
    });
    // The API's answers only: the page itself is served at /admin/brokers too.
    const api = (path: string) => (url: URL) => url.origin === apiOrigin && url.pathname === path;
    await page.route(api('/admin/brokers'), (route) => route.fulfill(failure('The brokers are unavailable')));
    await page.route(api('/admin/broker-stats'), (route) => route.fulfill(failure('The figures are unavailable')));
    await page.goto('/admin/brokers');
    await expectToast(page, {
      title: 'Error loading brokers',
      description: 'The brokers are unavailable',
      variant: 'destructive',
    });
    await expectToast(page, { title: 'Error loading stats', description: 'The figures are unavailable', variant: 'destructive' });
  });

  it('sends a broker opening /admin/brokers to / with "Access Denied"', async () => {
    const { page } = await openApp();
    await signInAs(page, 'broker', '/admin/brokers');
    await expectToast(page, { title: 'Access Denied', description: 'Only admins can access this page', variant: 'destructive' });
    await expectPath(page, '/');
    await expectAccessible(page);
  });
});
