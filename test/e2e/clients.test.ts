/**
 * /clients in Chromium (docs/decisions.md, "Clients screen"): a broker adds a client through the
 * dialog (a rule broken first, its message on the field), edits and finds it; a client's Past Purchases split into
 * Active and Archived Deals (deals created through the API), each opening its deal; an admin deletes a client after
 * the browser's confirm, a broker has no delete; "Create Deal" carries the client id. axe on every page and dialog.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealershipView } from '@shared/dealerships/api';
import { apiFetch, getStack, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, signIn, useWebApp } from './browser';
import { signInAs } from './session';
import { screenCalls } from '@test/support/shell-calls';

const openApp = useWebApp();
const apiOrigin = new URL(getStack().urls.api).origin;
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
/** Client names are letters, spaces, hyphens and apostrophes only: a tag of letters keeps each test's rows apart. */
const tag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

let adminToken: string;
let brokerToken: string;

beforeAll(async () => {
  [adminToken, brokerToken] = await Promise.all([
    signInApi(demo('admin').email, DEMO_PASSWORD).then(({ idToken }) => idToken),
    signInApi(demo('broker').email, DEMO_PASSWORD).then(({ idToken }) => idToken),
  ]);
  // The dev server compiles the app on its first request, which can outlast a step's timeout on a busy machine
  // when this file runs alone: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

async function createClient(token: string, fullName: string): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token,
    body: { fullName, email: `${fullName.replaceAll(' ', '.').toLowerCase()}@example.com`, phone: '+15035550142' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function createDeal(clientId: string, dealershipId: string, model: string, status: string): Promise<{ id: string }> {
  const response = await apiFetch<{ id: string }>('/deals', {
    token: adminToken,
    body: {
      clientId,
      dealershipId,
      year: 2026,
      make: 'Toyota',
      model,
      monthlyPayment: 389,
      downPayment: 2500,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.9,
      status,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Signs in and opens /clients; answers the API calls the screen made to load (the guard's GET /me aside). */
async function openClients(page: Page, user: 'admin' | 'broker'): Promise<string[]> {
  await signIn(page, demo(user).email, DEMO_PASSWORD);
  await expectPath(page, '/');
  const calls: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', record);
  await page.goto('/clients');
  await page.getByRole('heading', { level: 1, name: 'Manage Clients' }).waitFor();
  await page.getByRole('heading', { level: 2, name: /^All Clients \(\d+\)$/ }).waitFor();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return screenCalls(calls);
}

/** The table row of the client named `name` (searched for, so that it is on the first page). */
async function findRow(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await row.waitFor();
  return row;
}

describe('/clients', () => {
  it('lets a broker add a client through the dialog, refusing a broken rule on its field, then edit and find it', async () => {
    const { context, page } = await openApp();
    const name = `Maya ${tag()} O'Neil`;
    // One call renders the screen: the first page, the total and what the caller may do.
    await expect(openClients(page, 'broker')).resolves.toEqual(['GET /clients']);
    await expect.poll(() => page.title()).toBe('Clients · LeaseDesk');
    await expect(page.getByRole('searchbox', { name: 'Search clients' }).getAttribute('placeholder')).resolves.toBe(
      'Search clients...',
    );
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Name',
      'Email',
      'Phone',
      'Credit Score',
      'Past Purchases',
      'Actions',
    ]);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Client' });
    // Nothing typed: the form's own message, as a toast and on the fields.
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectToast(page, { title: 'Missing information', description: 'Name and email are required', variant: 'destructive' });
    await expect.poll(() => dialog.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'dialog');

    // A phone that is not in international format is refused on the phone field, which gets the focus.
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Email').fill('maya.oneil@example.com');
    await dialog.getByLabel('Phone').fill('555-0100 ext 4');
    await dialog.getByLabel('Credit score').fill('900');
    await dialog.getByLabel('Date of birth').fill(new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    const phone = dialog.getByLabel('Phone');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('Invalid phone number format').waitFor();
    await dialog.getByText('Credit score must be a whole number between 300 and 850').waitFor();
    await dialog.getByText('Date of birth must be at least 18 years ago (clients are adults)').waitFor();
    await expect(phone.evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    await phone.fill('+15035550100');
    await dialog.getByLabel('Credit score').fill('742');
    await dialog.getByLabel('Date of birth').fill('1988-04-09');
    await dialog.getByLabel('Preferred makes').fill(' Toyota ,, BMW ');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectToast(page, { title: 'Client created', description: `${name} was added.`, variant: 'success' });
    await dialog.waitFor({ state: 'hidden' });

    const row = await findRow(page, name);
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      'maya.oneil@example.com',
      '(503) 555-0100',
      '742',
      'View',
      expect.any(String),
    ]);

    // Edit: the dialog shows what was saved (makes trimmed, blanks dropped) and saves a change.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(edit.getByLabel('Preferred makes').inputValue()).resolves.toBe('Toyota, BMW');
    await expect(edit.getByLabel('Date of birth').inputValue()).resolves.toBe('1988-04-09');
    await edit.getByLabel('Credit score').fill('768');
    await edit.getByLabel('Notes').fill('Prefers text messages.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, { title: 'Client updated', description: `${name} was saved.`, variant: 'success' });
    // The table refreshes after the toast.
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('768');

    // A second client with the same e-mail is refused by the API (409): the toast, and the message on the e-mail field.
    await page.getByRole('button', { name: 'Add Client' }).click();
    const second = page.getByRole('dialog', { name: 'Add Client' });
    await second.getByLabel('Full name').fill(`${name} Junior`);
    await second.getByLabel('Email').fill('Maya.ONeil@example.com');
    await second.getByRole('button', { name: 'Add Client' }).click();
    await expectToast(page, {
      title: 'Error creating client',
      description: 'A client with this email already exists',
      variant: 'destructive',
    });
    await expect.poll(() => second.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expect(second.getByLabel('Full name').inputValue()).resolves.toBe(`${name} Junior`);

    // Cancel, then Edit before the browser has told the closed dialog it closed (its `close` event comes in a later
    // task; a busy page runs clicks first): the Edit dialog stays open.
    const editButton = await row.getByRole('button', { name: `Edit ${name}` }).elementHandle();
    await second.getByRole('button', { name: 'Cancel' }).evaluate(async (cancel, edit) => {
      (cancel as HTMLButtonElement).click();
      // React renders the click's update in a microtask: let it close the dialog, then click within the same task.
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
      (edit as HTMLButtonElement).click();
    }, editButton);
    const reopened = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(reopened.getByLabel('Preferred makes').inputValue()).resolves.toBe('Toyota, BMW');
    // A later check: the stale `close` event has had its turn by the time a fresh evaluation runs.
    await expect(page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))).resolves.toBeUndefined();
    await expect(reopened.isVisible()).resolves.toBe(true);
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'hidden' });

    // The search is the server's: a name that matches nobody empties the table.
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(`${name} Nobody`);
    await page.getByText('No clients found').waitFor();
    await context.close();
  });

  it("splits a client's Past Purchases into Active Deals and Archived Deals, each opening its deal", async () => {
    const name = `Priya ${tag()} Shah`;
    const client = await createClient(brokerToken, name);
    const dealership = await apiFetch<DealershipView>('/dealerships', {
      token: adminToken,
      body: { name: `Cascade ${tag()} Motors`, location: 'Bend, OR' },
    });
    expect(dealership.status).toBe(201);
    const pending = await createDeal(client.id, dealership.body.id, 'Camry', 'pending');
    const closed = await createDeal(client.id, dealership.body.id, 'RAV4', 'closed');

    const { context, page } = await openApp();
    await openClients(page, 'admin');
    const row = await findRow(page, name);
    await row.getByRole('button', { name: `Past purchases of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Past Purchases' });
    const active = dialog.getByRole('region', { name: 'Active Deals' });
    const archived = dialog.getByRole('region', { name: 'Archived Deals' });
    await active.getByRole('link').first().waitFor();
    await expect(active.getByRole('link').allTextContents()).resolves.toEqual([expect.stringContaining('2026 Toyota Camry')]);
    await expect(archived.getByRole('link').allTextContents()).resolves.toEqual([expect.stringContaining('2026 Toyota RAV4')]);
    await expectAccessible(page, 'dialog');
    await saveScreenshot(page, 'clients-past-purchases');

    await expect.poll(() => active.getByRole('link', { name: /Camry/ }).getAttribute('href')).toBe(`/deals/${pending.id}`);
    await archived.getByRole('link', { name: /RAV4/ }).click();
    await expectPath(page, `/deals/${closed.id}`);
    await context.close();
  });

  it('lets an admin delete a client after the browser confirm, and gives a broker no delete', async () => {
    const name = `Noah ${tag()} Brooks`;
    await createClient(brokerToken, name);

    const broker = await openApp();
    await openClients(broker.page, 'broker');
    const brokerRow = await findRow(broker.page, name);
    await brokerRow.getByRole('button', { name: `Edit ${name}` }).waitFor();
    await expect(broker.page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await broker.context.close();

    const { context, page } = await openApp();
    await openClients(page, 'admin');
    const row = await findRow(page, name);
    const confirms: string[] = [];
    // Cancelled first: nothing is deleted.
    page.once('dialog', (confirm) => {
      confirms.push(`${confirm.type()}: ${confirm.message()}`);
      void confirm.dismiss();
    });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => confirms).toEqual(['confirm: Are you sure you want to delete this client?']);
    await expect(row.isVisible()).resolves.toBe(true);

    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expectToast(page, { title: 'Client deleted', description: `${name} was deleted.`, variant: 'success' });
    await page.getByText('No clients found').waitFor();
    await context.close();
  });

  it("starts a deal for a client: Create Deal goes to /deals/new with the client's id", async () => {
    const name = `Lena ${tag()} Park`;
    const client = await createClient(brokerToken, name);

    const { context, page } = await openApp();
    await openClients(page, 'broker');
    const row = await findRow(page, name);
    const link = row.getByRole('link', { name: `Create deal for ${name}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/deals/new');
    expect(new URL(page.url()).searchParams.get('clientId')).toBe(client.id);
    await context.close();
  });
});

describe('the clients table on a phone', () => {
  it('keeps every column, Phone and Actions included, on a 390 px wide screen (one card per client)', async () => {
    const { page } = await openApp({ viewport: { width: 390, height: 844 } });
    await signInAs(page, 'admin', '/clients');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await firstRow.waitFor();

    const outside = await firstRow.evaluate((row) =>
      [...row.querySelectorAll('td')]
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((cell) => cell.dataset.label),
    );
    expect(outside).toEqual([]);
    const actions = firstRow.getByRole('button', { name: /^(Edit|Delete) / });
    await expect(actions.count()).resolves.toBeGreaterThan(0);
    for (const button of await actions.all()) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'clients-phone', { fullPage: false });
    await expectAccessible(page);
  });
});
