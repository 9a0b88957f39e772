/**
 * The client book in Chromium (docs/security.md, "Ownership"): in the default shared book a second broker finds the
 * demo broker's client on /clients; an admin opens Company Settings (/admin/settings), chooses own book and saves
 * (one click, a success toast); the second broker then no longer finds that client, while its own broker does; the
 * admin then moves the client to the second broker in the edit dialog (on the client's trail); the first broker's lead
 * with that client's e-mail then cannot be converted (the message names nothing of the client). axe on the settings page.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE } from '@shared/leads/api';
import { NO_CLIENTS_MESSAGE, type ClientActivityResponse, type ClientView } from '@shared/clients/api';
import { OWN_BOOK_LABEL, SETTINGS_SAVED_MESSAGE } from '@shared/brokers/settings';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, signIn as signInApi, TEST_PASSWORD } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, signIn, useWebApp } from './browser';

const openApp = useWebApp();
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
/** Client names are letters only: a tag of letters keeps this test's client apart. */
const tag = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

let principals: Principals;
let client: ClientView;

beforeAll(async () => {
  principals = await loadPrincipals();
  await setClientBook('shared');
  const { idToken } = await signInApi(demo('broker').email, DEMO_PASSWORD);
  const fullName = `Owned ${tag()}`;
  const response = await apiFetch<ClientView>('/clients', {
    token: idToken,
    body: { fullName, email: `${fullName.replaceAll(' ', '.').toLowerCase()}@example.com` },
  });
  expect(response.status).toBe(201);
  client = response.body;
  // The demo broker's book holds more clients before this one in name order than an own-book search reads in one
  // request (3 reads of 50: docs/decisions.md, "Clients screen"): the screen must read on to find it.
  const data = createData();
  const before = `Aaa ${tag()}`;
  for (let start = 0; start < 160; start += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        data.clients.create({ fullName: `${before} ${start + index}`, profileId: principals.of.broker.userId }, new Date()),
      ),
    );
  // The dev server compiles the app on its first request: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

// Every other file of the run expects the default shared book.
afterAll(() => setClientBook('shared'));

/** Signs in, opens /clients and searches for the test's client. */
async function searchClients(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await expectPath(page, '/');
  await page.goto('/clients');
  await page.getByRole('heading', { level: 1, name: 'Manage Clients' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(client.fullName);
}

const clientRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: client.fullName, exact: true }) });

describe('the client book', () => {
  it("an admin turns own book on, and a second broker no longer sees the first broker's client", async () => {
    const other = principals.of.otherBroker;
    const before = await openApp();
    await searchClients(before.page, other.email, TEST_PASSWORD);
    await clientRow(before.page).waitFor();
    await before.context.close();

    const { page } = await openApp();
    await signIn(page, demo('admin').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'Company Settings' }).waitFor();
    await expect.poll(() => page.title()).toBe('Company Settings · LeaseDesk');
    await expect.poll(() => page.getByRole('radio', { name: OWN_BOOK_LABEL }).getAttribute('aria-checked')).toBe('false');
    await expectAccessible(page);
    await page.getByRole('radio', { name: OWN_BOOK_LABEL }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, {
      title: SETTINGS_SAVED_MESSAGE,
      description: 'Each broker now sees only their own clients, deals and leads.',
      variant: 'success',
    });
    await page.getByText(/^Last changed by /).waitFor();

    const after = await openApp();
    await searchClients(after.page, other.email, TEST_PASSWORD);
    await after.page.getByText(NO_CLIENTS_MESSAGE, { exact: true }).waitFor();
    await expect.poll(() => clientRow(after.page).count()).toBe(0);

    const owner = await openApp();
    await searchClients(owner.page, demo('broker').email, DEMO_PASSWORD);
    await clientRow(owner.page).waitFor();
  });

  it("lets an admin move the client to another broker in the edit dialog, on the client's trail", async () => {
    const { page } = await openApp();
    await signIn(page, demo('admin').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/clients');
    await page.getByRole('heading', { level: 1, name: 'Manage Clients' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(client.fullName);
    await clientRow(page)
      .getByRole('button', { name: `Edit ${client.fullName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    const broker = dialog.getByRole('combobox', { name: /Broker/ });
    await broker.locator('option', { hasText: 'Owen Otherbroker' }).waitFor({ state: 'attached' });
    await broker.selectOption({ label: 'Owen Otherbroker' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, { title: 'Client updated', description: `${client.fullName} was saved.`, variant: 'success' });

    const trail = await apiFetch<ClientActivityResponse>(`/clients/${client.id}/activity`, {
      token: principals.of.admin.token,
    });
    expect(trail.body.activity[0]).toMatchObject({
      actor: { id: principals.of.admin.userId },
      changes: [{ field: 'broker', after: 'Owen Otherbroker' }],
    });
    const moved = await apiFetch<ClientView>(`/clients/${client.id}`, { token: principals.of.otherBroker.token });
    expect(moved.status).toBe(200);
    expect(moved.body.profileId).toBe(principals.of.otherBroker.userId);
  });

  it("refuses converting a lead whose e-mail is now another broker's client, naming nothing of it; the lead stays as it was", async () => {
    // The client is otherBroker's since the move above, and the book is own. A lead with its e-mail, assigned to the
    // demo broker by an admin.
    const lead = {
      id: `lead-${randomUUID()}`,
      firstName: 'Rowan',
      lastName: 'Lake',
      email: client.email!,
      phone: '(503) 555-0163',
      zipCode: '97201',
      vehiclePreference: 'help' as const,
      createdAt: new Date().toISOString(),
      status: 'new' as const,
    };
    expect(await createData().leads.create(lead)).toBe(true);
    const assigned = await apiFetch(`/leads/${lead.id}/assign`, {
      token: principals.of.admin.token,
      body: { brokerId: principals.of.broker.userId, revision: 0 },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const { page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto(`/leads/${lead.id}`);
    await page.getByRole('heading', { level: 1, name: /Rowan Lake/ }).waitFor();
    await page.getByRole('button', { name: 'Convert', exact: true }).click();

    await expectToast(page, {
      title: 'Error converting lead',
      description: LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE,
      variant: 'destructive',
    });
    await expectPath(page, `/leads/${lead.id}`);
    await expect.poll(() => page.getByText(client.fullName).count()).toBe(0);
    const stored = await createData().leads.get(lead.id);
    expect(stored?.status).toBe('new');
    expect(stored?.convertedClientId).toBeUndefined();
  });

  it('sends a broker who opens /admin/settings home with "Access Denied"', async () => {
    const { page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/admin/settings');
    await expectToast(page, { title: 'Access Denied', description: 'Only admins can access this page', variant: 'destructive' });
    await expectPath(page, '/');
  });
});
