/**
 * The global search in Chromium (docs/decisions.md, "Global search"): the shortcut opens it, typing searches once
 * per pause, results come grouped under headings, the arrow keys move to a client and Enter opens the client's page
 * (the clients list searched for them); nothing found says so; Escape closes; a dealer finds their own vehicles.
 * axe on the open dialog; screenshots at desktop and phone width.
 */
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import { apiFetch, getStack, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, saveScreenshot, signIn, useWebApp } from './browser';

const openApp = useWebApp();
const apiOrigin = new URL(getStack().urls.api).origin;
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
/** Letters only (client names allow no digits): a word no other record has. */
const tag = () =>
  Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

let client: ClientView;
/** A second client, searched after the first. */
let other: ClientView;

beforeAll(async () => {
  const { idToken } = await signInApi(demo('broker').email, DEMO_PASSWORD);
  const addClient = async (first: string) => {
    const surname = tag();
    const response = await apiFetch<ClientView>('/clients', {
      token: idToken,
      body: {
        fullName: `${first} ${surname}`,
        email: `${first.toLowerCase()}.${surname.toLowerCase()}@example.com`,
        phone: '+15035550177',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  client = await addClient('Searcha');
  other = await addClient('Searchb');
  // The dev server compiles the app on its first request, which can outlast a step's timeout on a busy machine.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

describe('global search', () => {
  it('opens with Ctrl+K, searches once per pause, and opens a client chosen with the arrow keys and Enter', async () => {
    const { context, page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search LeaseDesk' });
    const box = dialog.getByRole('combobox');
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);

    const searches: string[] = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.origin === apiOrigin && url.pathname === '/search' && request.method() === 'GET') searches.push(url.search);
    };
    page.on('request', record);
    // Typed key by key: one request for the whole burst.
    const surname = client.fullName.split(' ')[1]!;
    await box.pressSequentially(surname);
    const clients = dialog.getByRole('group', { name: 'Clients' });
    const option = clients.getByRole('option', { name: new RegExp(client.fullName) });
    await option.waitFor();
    expect(searches).toEqual([`?q=${surname}`]);
    page.off('request', record);

    await expectAccessible(page, 'dialog[open]');
    await saveScreenshot(page, 'global-search-results');

    // Down to the client (the first option is selected as the results arrive), Enter opens it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expectPath(page, '/clients');
    expect(new URL(page.url()).searchParams.get('q')).toBe(client.email);
    await page.getByRole('rowheader', { name: client.fullName, exact: true }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it("never opens an earlier search's result: while a new search runs its results cannot be chosen, then its first is", async () => {
    const { context, page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
    const [first, second] = [client, other].map((each) => each.fullName.split(' ')[1]!);

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search LeaseDesk' });
    const box = dialog.getByRole('combobox');
    await box.fill(first);
    const firstOption = dialog.getByRole('option', { name: new RegExp(client.fullName) });
    await expect.poll(() => firstOption.getAttribute('aria-selected')).toBe('true');
    // The arrow keys move away from the first result...
    await page.keyboard.press('ArrowDown');

    // ...and a new search is typed, whose answer the test holds back until it has pressed Enter.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname === '/search' && url.searchParams.get('q') === second,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await box.fill(second);
    await expect.poll(() => firstOption.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    // Nothing opened: the earlier result is shown dimmed, not chosen.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => dialog.isVisible()).toBe(true);

    release();
    const secondOption = dialog.getByRole('option', { name: new RegExp(other.fullName) });
    // The new results arrive with their first one highlighted, so Enter opens it.
    await expect.poll(() => secondOption.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expectPath(page, '/clients');
    expect(new URL(page.url()).searchParams.get('q')).toBe(other.email);
    await context.close();
  });

  it('opens with "/", says when nothing is found, and closes with Escape', async () => {
    const { context, page } = await openApp({ viewport: { width: 390, height: 844 } });
    await signIn(page, demo('admin').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();

    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search LeaseDesk' });
    const box = dialog.getByRole('combobox');
    await box.waitFor();
    const nothing = `Zq${tag().toLowerCase()}`;
    await box.fill(nothing);
    await dialog.getByText(`No results for “${nothing}”`).waitFor();
    await saveScreenshot(page, 'global-search-empty-phone');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Opened from the page with nothing focused, it hands the focus to the Search button as it closes.
    const trigger = page.getByRole('button', { name: /^Search/ });
    await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    // The button opens it too.
    await page.getByRole('button', { name: /^Search/ }).click();
    await expect.poll(() => box.isVisible()).toBe(true);
    await context.close();
  });
});
