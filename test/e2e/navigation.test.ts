/**
 * The app navigation (docs/decisions.md, "Web", "App navigation"): a bar of the sections each role may open on a wide
 * window, a "Menu" disclosure on a phone, the current section marked, usable by keyboard alone; public pages have none.
 * On a 390 px phone: the bar's controls neither overlap nor fall under 24 px, the menu closes on a tap outside and on
 * following a link (the focus back on Menu), no section's screen scrolls sideways, and the page stays still behind the
 * open search dialog.
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

/** How far the page reaches past the window's right edge (0: nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The innermost elements reaching past the window's right edge, named for a failure message. */
function widerThanTheWindow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      // What a clipped box holds reaches past nothing: only its box counts.
      .filter((element) => !element.parentElement?.closest('.visually-hidden'))
      .filter(
        (element) => !Array.from(element.children).some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}" right=${element.getBoundingClientRect().right}`,
      ),
  );
}

/** The header's controls that overlap one another, and those under 24 px in either direction (WCAG 2.5.8). */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
      .map((element) => ({
        name: element.textContent?.trim() || element.getAttribute('aria-label'),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const problems = controls
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ name, box }) => `${name} is ${box.width}x${box.height}`);
    controls.forEach((a, index) => {
      for (const b of controls.slice(index + 1)) {
        const apart =
          a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
        if (!apart) problems.push(`${a.name} overlaps ${b.name}`);
      }
    });
    return problems;
  });
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
      'Programs',
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
    await signInAs(page, 'broker', '/deals');
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
        'Programs',
        'Dealerships',
        'Academy',
        'Brokers',
        'Payroll',
        'Archived Deals',
      ]);
    // All twelve in one row of their own at 1280 px, none wrapped beside the brand or under the others.
    const tops = await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await expect(headerProblems(page)).resolves.toEqual([]);
    await mainNav(page).getByRole('link', { name: 'Marketplace' }).click();
    await expectPath(page, '/marketplace');
    await expectCurrent(page, 'Marketplace');
    await page.getByRole('link', { name: /add vehicle/i }).click();
    await expectPath(page, '/marketplace/new');
    // The URL changes before the (lazily loaded) screen renders: wait for the screen itself.
    await page.getByRole('heading', { level: 1, name: 'Add Vehicle to Marketplace' }).waitFor();
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
    // The brand, the search, the bell and Menu share the width: none covers another, nothing scrolls sideways.
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    await expect(headerProblems(page)).resolves.toEqual([]);
    await expect(sidewaysOverflow(page)).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'LeaseDesk' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'navigation-phone-closed', { fullPage: false });

    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await clients.waitFor({ state: 'visible' });
    await expect(sidewaysOverflow(page)).resolves.toBe(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'navigation-phone-open', { fullPage: false });

    // A tap outside it (here on the bar, between the logo and the search) closes it: a phone's browser may not
    // move the focus on a tap.
    const logo = (await page.getByRole('link', { name: 'LeaseDesk' }).boundingBox())!;
    await page.mouse.click(logo.x + logo.width + 4, logo.y + logo.height / 2);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');

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
    // The focus is back on the (new screen's) Menu button, not lost on the page's body.
    await expect.poll(() => isFocused(menu)).toBe(true);
    await menu.click();
    await expectCurrent(page, 'Clients');
  });

  it("fits every section of a broker's and an admin's on a 390 px phone without sideways scrolling", async () => {
    for (const key of ['broker', 'admin'] as const) {
      const { context, page } = await openApp({ viewport: PHONE });
      await signInAs(page, key);
      // The menu's links, closed (hidden) as they are, once the bar is there.
      await mainNav(page).getByRole('button', { name: 'Menu' }).waitFor();
      const paths = await mainNav(page)
        .locator('a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Once the screen's data is in, nothing may reach past the window.
        await page.waitForLoadState('networkidle');
        let reachingPast: string[] = [];
        await expect
          .poll(() => sidewaysOverflow(page))
          .toBe(0)
          .catch(async () => {
            reachingPast = await widerThanTheWindow(page);
          });
        expect(reachingPast, `${key} on ${path}: what reaches past the window`).toEqual([]);
      }
      await context.close();
    }
  });

  it('holds the page still behind the open search dialog on a phone', async () => {
    const { page } = await openApp({ viewport: PHONE });
    await signInAs(page, 'broker');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
    await page.getByRole('button', { name: /^Search/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Search LeaseDesk' });
    await dialog.getByRole('combobox').waitFor();
    // A wheel (a finger's swipe) over the backdrop below the dialog does not scroll the page behind it.
    await page.mouse.move(PHONE.width / 2, PHONE.height - 10);
    await page.mouse.wheel(0, 600);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    // Closed, the page scrolls again.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
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
    // One section needs no menu on a phone: the link is on the bar itself (waited for: the bar renders with the user).
    const portal = mainNav(consumer.page).getByRole('link', { name: 'Portal' });
    await portal.waitFor({ state: 'visible' });
    await expect(mainNav(consumer.page).getByRole('button', { name: 'Menu' }).count()).resolves.toBe(0);
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
