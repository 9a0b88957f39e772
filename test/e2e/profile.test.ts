/**
 * The broker profile in Chromium (docs/decisions.md, "Brokers (web)"), on the seeded local
 * stack, axe on every page: the card, this month's figures, the academy progress and the last deals each opening
 * their deal; the phone edited with the shared phone rule; a photo uploaded with a visible progress bar and shown at
 * once; a licence uploaded and opened in a new tab through its signed URL (answered 200); "Unable to load license
 * document" when it cannot be; "Profile not found" for someone without a broker profile.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import { getStack } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, signIn, useWebApp } from './browser';

const stack = getStack();
const openApp = useWebApp();

// The first page of a fresh stack waits for the dev server to compile the app: let that happen outside the tests.
beforeAll(async () => {
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await context.close();
}, 150_000);
const apiOrigin = new URL(stack.urls.api).origin;

/** A 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');

function demo(key: DemoUserKey) {
  return DEMO_USERS.find((user) => user.key === key)!;
}

async function openProfile(page: Page, key: DemoUserKey): Promise<void> {
  await signIn(page, demo(key).email, DEMO_PASSWORD);
  await expectPath(page, '/');
  await page.goto('/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
}

/** The API request `method path` (not the page of the same path). */
const apiRequest = (path: string) => (url: URL) => url.origin === apiOrigin && url.pathname === path;

/** A sign-in and a few page loads, on a machine shared by several stacks. */
const PAGE_TIMEOUT_MS = 150_000;

describe('broker profile', { timeout: PAGE_TIMEOUT_MS }, () => {
  it("shows the broker's card, this month's figures, the academy progress and the last deals, each opening its deal", async () => {
    const { page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    // The dashboard's Profile button leads here.
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expectPath(page, '/profile');

    const card = page.getByRole('region', { name: demo('broker').fullName });
    await card.getByText(demo('broker').email).waitFor();
    await card.getByText(/^Licensed \(#CA-DL-0042917/).waitFor();
    expect(await page.title()).toBe('Profile · LeaseDesk');

    const month = page.getByRole('region', { name: 'This Month' });
    await expect(month.getByRole('definition').count()).resolves.toBe(4);
    await expect(month.getByRole('term').allTextContents()).resolves.toEqual([
      'Deals created',
      'Deals closed',
      'Fees',
      'Commission',
    ]);

    const academy = page.getByRole('region', { name: 'Academy Progress' });
    await academy.getByRole('progressbar').waitFor();
    await expect.poll(() => academy.getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).toBe('/academy');

    const deals = page.getByRole('region', { name: 'Recent Deals' }).getByRole('link');
    const count = await deals.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (const href of await deals.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/deals\/[\w-]+$/);
    }
    await expectAccessible(page);
    await saveScreenshot(page, 'profile');

    const first = await deals.first().getAttribute('href');
    await deals.first().click();
    await expectPath(page, first!);
  });

  it('edits the phone with the shared phone rule', async () => {
    const { page } = await openApp();
    await openProfile(page, 'broker');
    const card = page.getByRole('region', { name: demo('broker').fullName });
    await card.getByRole('button', { name: 'Edit Phone' }).click();
    const form = page.getByRole('form', { name: 'Edit phone' });
    await form.getByLabel('Phone').fill('call me');
    await form.getByRole('button', { name: 'Save Phone' }).click();
    await form.getByText('Invalid phone number format').waitFor();
    await expectAccessible(page);

    await form.getByLabel('Phone').fill('+1 (415) 555-0142');
    await form.getByRole('button', { name: 'Save Phone' }).click();
    await expectToast(page, { title: 'Profile updated', description: 'Your phone number was saved.', variant: 'success' });
    await card.getByText('(415) 555-0142').waitFor();
  });

  it('uploads a photo with a visible progress bar and shows it at once', async () => {
    const { page } = await openApp();
    await openProfile(page, 'broker');
    const progress = page.getByRole('progressbar', { name: 'Profile photo upload' });
    // Hold the confirmation until the progress bar has been seen, however fast the upload itself is.
    await page.route(apiRequest('/profile/photo'), async (route) => {
      await progress.waitFor();
      await route.continue();
    });

    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await progress.waitFor();
    await expectToast(page, { title: 'Upload complete', description: 'Your photo was updated.', variant: 'success' });
    await progress.waitFor({ state: 'detached' });
    const photo = page.getByRole('img', { name: `Photo of ${demo('broker').fullName}` });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 })
      .toBe(1);
    await expectAccessible(page);
  });

  it('refuses a photo of the wrong type before uploading it', async () => {
    const { page } = await openApp();
    await openProfile(page, 'broker');
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: PNG });
    await expectToast(page, {
      title: 'Error uploading photo',
      description: 'Photo must be a JPEG, PNG or WebP image',
      variant: 'destructive',
    });
  });

  it('uploads a licence and opens it in a new tab through its signed URL', async () => {
    const { page, context } = await openApp();
    await openProfile(page, 'broker');
    const licence = page.getByRole('region', { name: 'License Document' });
    await licence.getByLabel('License document').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectToast(page, {
      title: 'Upload complete',
      description: 'Your license document was uploaded.',
      variant: 'success',
    });
    await licence.getByText('Your license document is on file.').waitFor();

    const s3Origin = new URL(stack.urls.s3).origin;
    const documentResponse = context.waitForEvent('response', (response) => new URL(response.url()).origin === s3Origin);
    const tab = context.waitForEvent('page');
    await licence.getByRole('button', { name: 'View License' }).click();
    await tab;
    const response = await documentResponse;
    expect(response.status()).toBe(200);
    expect(response.url()).toContain('X-Amz-Expires=3600');
  });

  it('says "Unable to load license document" when the signed URL cannot be had', async () => {
    const { page } = await openApp();
    await openProfile(page, 'broker');
    const licence = page.getByRole('region', { name: 'License Document' });
    const view = licence.getByRole('button', { name: 'View License' });
    await view.waitFor();
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname.endsWith('/licence-url'),
      (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'not_found', message: 'No license document on file' } }),
        }),
    );
    await view.click();
    await expectToast(page, { title: 'Error', description: 'Unable to load license document', variant: 'destructive' });
    // The tab opened for it is closed again.
    await expect.poll(() => page.context().pages().length).toBe(1);
  });

  it('shows "Profile not found" to someone without a broker profile', async () => {
    const { page } = await openApp();
    await openProfile(page, 'admin');
    await page.getByText('Profile not found').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await expectPath(page, '/');
  });
});
