/**
 * The VIN check digit in the forms, in Chromium (shared/vehicles/vin.ts; docs/decisions.md, "VIN check digit"): a North
 * American VIN with a wrong check digit is refused on submit with the digit it should carry, focus on the field, and
 * nothing is sent; a VIN from elsewhere whose 9th character is not its check digit is only flagged under the field.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getStack } from '@test/support/stack';
import { isFocused, useWebApp } from './browser';
import { signInAs } from './session';

const stack = getStack();
const openApp = useWebApp();
const apiOrigin = new URL(stack.urls.api).origin;

describe('VIN check digit', () => {
  it('refuses a North American VIN whose check digit is wrong, naming the digit, and only warns for others', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/new');
    await page.getByRole('heading', { level: 1, name: 'Add Vehicle to Marketplace' }).waitFor();

    const vin = page.getByLabel(/^VIN/);
    const warning = /VINs from outside North America may differ/;
    await vin.fill('WVWZZZ1JZXW000001');
    await page.getByText(warning).waitFor();
    await expect.poll(() => vin.getAttribute('aria-invalid')).toBeNull();

    await vin.fill('1M8GDM9AXKP042788');
    await expect.poll(() => page.getByText(warning).count()).toBe(0);

    const posts: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).origin === apiOrigin && request.method() === 'POST') posts.push(request.url());
    });
    // Everything else valid, so the VIN is the first (and only) invalid field.
    await page.getByLabel('Stock number').fill(`VIN-${Date.now().toString(36).toUpperCase()}`);
    await page.getByLabel('Year').fill('2026');
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('Bronco');
    await page.getByLabel('MSRP').fill('45,000');
    await page.getByLabel('Down payment').fill('2,000');
    await page.getByLabel('Monthly payment').fill('449');
    await page.getByLabel('Term (months)').fill('36');
    await page.getByLabel('Expiration date').fill(new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10));
    await vin.fill('1XPTD40X0JD456115');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await page
      .getByRole('form', { name: 'Vehicle' })
      .getByText('VIN check digit is wrong: the 9th character should be 6. Check the VIN for a typo')
      .waitFor();
    await expect.poll(() => vin.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(vin)).toBe(true);
    expect(posts.filter((url) => new URL(url).pathname === '/marketplace/vehicles')).toEqual([]);
    await context.close();
  });
});
