/**
 * Screen behaviour in Chromium that no feature's own suite covers: the bell's calls while a broker moves through
 * the app (docs/decisions.md, "Notifications"), /signup, and the ADF address dialog's buttons on a 390 px phone.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const FLOW_TIMEOUT_MS = 300_000;
const PHONE = { width: 390, height: 844 };
const MINUTE_MS = 60_000;

const isBellRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/notifications');

/** Follows a link of the app bar (client-side navigation, the app stays loaded). */
async function follow(page: Page, section: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section, exact: true }).click();
  await expectPath(page, path);
}

/** The box of `locator` lies within `outer` (both in page pixels). */
async function expectInside(locator: Locator, outer: { x: number; y: number; width: number; height: number }, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is shown`).not.toBeNull();
  expect(box!.x, `${what} starts inside`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(box!.x + box!.width, `${what} ends inside`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
}

describe('the bell', () => {
  it(
    'reads the notifications once while a broker moves through the dashboard, deals, a deal, clients and tasks',
    async () => {
      const { context, page } = await openApp();
      const reads: number[] = [];
      page.on('request', (request) => {
        if (isBellRead(request)) reads.push(Date.now());
      });
      await signInAs(page, 'broker');
      await expect.poll(() => reads.length, { timeout: 30_000 }).toBe(1);
      const started = Date.now();

      await follow(page, 'Deals', '/deals');
      // The dashboard's own deal links stay on screen until the deals page has rendered (a client-side navigation
      // keeps the previous screen meanwhile): pick a link of the deals page, and click that very link.
      await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
      const firstLink = page.locator('main a[href^="/deals/"]:not([href="/deals/new"])').first();
      await firstLink.waitFor();
      const href = (await firstLink.getAttribute('href'))!;
      const dealLink = page.locator(`main a[href="${href}"]`).first();
      const dealLoaded = page.waitForResponse(
        (response) => new URL(response.url()).pathname === href && response.request().method() === 'GET',
      );
      await dealLink.click();
      await expectPath(page, href);
      await dealLoaded;
      await follow(page, 'Clients', '/clients');
      await follow(page, 'Tasks', '/tasks');
      await follow(page, 'Dashboard', '/dashboard');
      await page.getByRole('button', { name: /^Notifications/ }).waitFor();

      // Only the sign-in's read, plus the minute's poll if the walk took that long on a loaded machine.
      const minutes = Math.floor((Date.now() - started) / MINUTE_MS);
      expect(reads.length).toBeLessThanOrEqual(1 + minutes);
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('/signup', () => {
  it('opens the sign-up form', async () => {
    const { context, page } = await openApp();
    await page.goto('/signup');
    await expect.poll(() => page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.title()).toBe('Sign Up · LeaseDesk');
    await context.close();
  });
});

describe('the ADF address dialog on a phone', () => {
  it(
    'keeps every button inside the dialog and the window at 390 px',
    async () => {
      const { context, page } = await openApp({ viewport: PHONE });
      await signInAs(page, 'admin', '/admin/settings');
      await page.getByRole('button', { name: 'Manage Lead Address' }).click();
      const dialog = page.getByRole('dialog', { name: /ADF lead address/ });
      const make = dialog.getByRole('button', { name: 'Make Lead Address' });
      const address = dialog.getByRole('textbox');
      await make.or(address).first().waitFor();
      if (await make.isVisible()) await make.click();
      await address.waitFor();
      await dialog.getByRole('button', { name: 'Make a New Address' }).waitFor();

      const dialogBox = (await dialog.boundingBox())!;
      await expectInside(dialog, { x: 0, y: 0, ...PHONE }, 'the dialog');
      const buttons = await dialog.getByRole('button').all();
      expect(buttons.length).toBeGreaterThanOrEqual(4);
      for (const button of buttons) {
        const name = (await button.textContent()) || (await button.getAttribute('aria-label')) || 'a button';
        await expectInside(button, dialogBox, `"${name.trim()}"`);
      }
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
