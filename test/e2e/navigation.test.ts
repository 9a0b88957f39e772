/**
 * The app navigation (issue 20, "A way around"): a bar of the sections each role may open on a wide window, a
 * "Menu" disclosure on a phone, the current section marked, usable by keyboard alone; public pages have none.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, isFocused, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const PHONE = { width: 390, height: 844 };

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Presses Tab until the link with this exact name has the focus (a keyboard user's way), then Enter. */
async function tabToAndOpen(page: Page, name: string): Promise<void> {
  const link = mainNav(page).getByRole('link', { name, exact: true });
  await link.waitFor();
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(link)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`Tab never reached the "${name}" link`);
}

async function expectCurrent(page: Page, name: string): Promise<void> {
  const link = mainNav(page).getByRole('link', { name, exact: true });
  await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
  await expect(mainNav(page).locator('a[aria-current]').count()).resolves.toBe(1);
}

describe('app navigation', () => {
  it('takes a broker from Deals to Clients to Leads by keyboard alone, marking the current section', async () => {
    const { page } = await openApp();
    await signInAs(page, 'broker');
    await expectCurrent(page, 'Dashboard');
    await expect(mainNav(page).getByRole('link').allTextContents()).resolves.toEqual([
      'Dashboard',
      'Tasks',
      'Leads',
      'Deals',
      'Clients',
      'Marketplace',
      'Dealerships',
      'Academy',
    ]);

    await tabToAndOpen(page, 'Deals');
    await expectPath(page, '/deals');
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
    await expectCurrent(page, 'Deals');

    await tabToAndOpen(page, 'Clients');
    await expectPath(page, '/clients');
    await expectCurrent(page, 'Clients');

    await tabToAndOpen(page, 'Leads');
    await expectPath(page, '/leads');
    await expectCurrent(page, 'Leads');
    await expectAccessible(page);
  });

  it('skips to the main content from the first Tab, and the Back buttons still lead home', async () => {
    const { page } = await openApp();
    await signInAs(page, 'broker');
    await page.goto('/deals');
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(isFocused(skip)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.getByRole('main'))).toBe(true);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPath(page, '/');
  });

  it('shows an admin the admin pages too, marks a screen inside a section, and looks right on a desktop', async () => {
    const { page } = await openApp();
    await signInAs(page, 'admin');
    const links = mainNav(page).getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual([
        'Dashboard',
        'Tasks',
        'Leads',
        'Deals',
        'Clients',
        'Marketplace',
        'Dealerships',
        'Academy',
        'Brokers',
        'Archived Deals',
      ]);
    await mainNav(page).getByRole('link', { name: 'Marketplace' }).click();
    await expectPath(page, '/marketplace');
    await expectCurrent(page, 'Marketplace');
    await page.getByRole('link', { name: /add vehicle/i }).click();
    await expectPath(page, '/marketplace/new');
    // Inside the section: marked as its section, not as the page itself.
    await expect.poll(() => mainNav(page).getByRole('link', { name: 'Marketplace' }).getAttribute('aria-current')).toBe('true');

    await page.goto('/deals');
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
    await expectCurrent(page, 'Deals');
    await saveScreenshot(page, 'navigation-desktop-admin');
  });

  it('opens and closes a menu on a 390 px wide phone', async () => {
    const { page } = await openApp({ viewport: PHONE });
    await signInAs(page, 'broker');
    const menu = mainNav(page).getByRole('button', { name: 'Menu' });
    const clients = mainNav(page).getByRole('link', { name: 'Clients' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect(clients.isVisible()).resolves.toBe(false);
    await saveScreenshot(page, 'navigation-phone-closed', { fullPage: false });

    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await clients.waitFor({ state: 'visible' });
    await expectAccessible(page);
    await saveScreenshot(page, 'navigation-phone-open', { fullPage: false });

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect(isFocused(menu)).resolves.toBe(true);

    // By keyboard: open, go down to Clients, follow it; the menu is closed on the new screen.
    await page.keyboard.press('Enter');
    await clients.waitFor({ state: 'visible' });
    for (let presses = 0; presses < 10 && !(await isFocused(clients)); presses++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectPath(page, '/clients');
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect(clients.isVisible()).resolves.toBe(false);
    await menu.click();
    await expectCurrent(page, 'Clients');
  });

  it('shows a dealer and a consumer only their own sections', async () => {
    const dealer = await openApp();
    await signInAs(dealer.page, 'dealer');
    await expect
      .poll(() => mainNav(dealer.page).getByRole('link').allTextContents())
      .toEqual(['Dashboard', 'Deals', 'Marketplace']);
    await expectCurrent(dealer.page, 'Dashboard');

    const consumer = await openApp({ viewport: PHONE });
    await signInAs(consumer.page, 'consumer');
    await consumer.page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
    await mainNav(consumer.page).getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => mainNav(consumer.page).getByRole('link').allTextContents()).toEqual(['Portal']);
    await expectCurrent(consumer.page, 'Portal');
    await saveScreenshot(consumer.page, 'navigation-phone-consumer', { fullPage: false });
  });

  it('is not on the public pages', async () => {
    const { page } = await openApp();
    for (const [path, shown] of [
      ['/auth', page.getByRole('button', { name: 'Sign In' })],
      ['/get-quote', page.getByRole('heading', { level: 1 })],
    ] as const) {
      await page.goto(path, { timeout: 60_000 });
      await shown.first().waitFor();
      await expect(mainNav(page).count()).resolves.toBe(0);
    }
  });
});
