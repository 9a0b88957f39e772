/**
 * The marketplace screens in Chromium (the list, "Add vehicle to marketplace" and the vehicle page;
 * docs/decisions.md, "Marketplace screens"), on the seeded local stack, axe on every page: the signed-out toast, one
 * API call to render the list, a broker adding a vehicle with an image and finding it by search with its badges, the
 * duplicate stock number, a dealer seeing only their dealership's vehicles, an admin archiving and unarchiving, and the
 * vehicle page recording its views.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getStack } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, isFocused, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';
import { screenCalls } from '@test/support/shell-calls';

const stack = getStack();
const openApp = useWebApp();
const apiOrigin = new URL(stack.urls.api).origin;
const s3Origin = new URL(stack.urls.s3).origin;

/** Dealerships of the seed: the demo dealer works at the first. */
const DEALER_DEALERSHIP = 'Bay Area BMW';
const OTHER_DEALERSHIP = 'Lakeside Toyota';
/** A stock number the seed holds. */
const SEEDED_STOCK_NUMBER = 'LD-1001';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A make no seeded vehicle has, so a search finds only this test's vehicles. */
function uniqueMake(): string {
  return `Testmake ${randomUUID().slice(0, 6)}`;
}

function uniqueStockNumber(): string {
  return `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
}

interface NewVehicle {
  stockNumber: string;
  make: string;
  model: string;
  dealership?: string;
  image?: boolean;
}

async function fillVehicleForm(page: Page, vehicle: NewVehicle): Promise<void> {
  await page.getByLabel('Stock number').fill(vehicle.stockNumber);
  await page.getByLabel('Year').fill('2026');
  await page.getByLabel('Make').fill(vehicle.make);
  await page.getByLabel('Model').fill(vehicle.model);
  await page.getByLabel('MSRP').fill('45,000');
  await page.getByLabel('Down payment').fill('2999.5');
  await page.getByLabel('Monthly payment').fill('449.99');
  await page.getByLabel('Term (months)').fill('36');
  // Within the offer window from today (a vehicle is added live, for at most 2 years).
  await page.getByLabel('Expiration date').fill(new Date(Date.now() + 180 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  await page.getByRole('checkbox', { name: 'Costco' }).check();
  if (vehicle.dealership) await chooseDealership(page, vehicle.dealership);
}

/** Picks a dealership in the vehicle form's combobox by searching its name on the server. */
async function chooseDealership(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: /Dealership/ }).click();
  await page.getByRole('combobox', { name: 'Search dealerships' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

/** Adds a vehicle through /marketplace/new as the signed-in user and waits for the marketplace. */
async function addVehicle(page: Page, vehicle: NewVehicle): Promise<void> {
  await page.goto('/marketplace/new');
  await page.getByRole('heading', { level: 1, name: 'Add Vehicle to Marketplace' }).waitFor();
  await fillVehicleForm(page, vehicle);
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectPath(page, '/marketplace');
}

/** Waits until the list shows the answer to its latest request (the previous one stays on screen, busy, meanwhile). */
async function listSettled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
}

/** Types a search (the list asks the API once the typing pauses) and waits for its answer on screen. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/marketplace/vehicles?') && new URL(response.url()).searchParams.get('q') === text,
  );
  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(text);
  await answered;
  await listSettled(page);
}

/** Searches the marketplace and returns the card of the first vehicle found. */
async function findCard(page: Page, text: string) {
  await search(page, text);
  return page.getByRole('article').filter({ hasText: text }).first();
}

describe('marketplace', () => {
  it('sends a visitor who is not signed in to /auth with "Authentication required"', async () => {
    const { context, page } = await openApp();
    await page.goto('/marketplace');

    await expectPath(page, '/auth');
    await expectToast(page, {
      title: 'Authentication required',
      description: 'Please log in to view the marketplace',
      variant: 'destructive',
    });
    await context.close();
  });

  it('renders /marketplace with one API call: cards, counts, groups and make filters', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    const calls: string[] = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(`${request.method()} ${url.pathname}`);
    };
    page.on('request', record);

    await page.goto('/marketplace');
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', record);

    // A fresh load also asks who is signed in (GET /me, the guard's); the screen itself is one call.
    expect(screenCalls(calls)).toEqual(['GET /marketplace/vehicles']);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Marketplace · LeaseDesk');
    await page.getByRole('tab', { name: /^Active Vehicles \(\d+\)$/ }).waitFor();
    // Brokers see no archived tab.
    await expect(page.getByRole('tab', { name: /Archived Vehicles/ }).count()).resolves.toBe(0);
    const makes = page.getByRole('group', { name: 'Filter by make' });
    await makes.getByRole('button', { name: 'All Makes', pressed: true }).waitFor();
    await makes.getByRole('button', { name: 'BMW' }).click();
    await makes.getByRole('button', { name: 'BMW', pressed: true }).waitFor();
    await listSettled(page);
    await page.getByRole('heading', { level: 2, name: /^BMW \d+$/ }).waitFor();
    await expect(page.getByRole('heading', { level: 2 }).count()).resolves.toBe(1);
    // The tab counts what the filter keeps: the BMWs, as many as their group says.
    const bmws = (await page.getByRole('heading', { level: 2, name: /^BMW \d+$/ }).textContent())!.match(/\d+$/)![0];
    await page.getByRole('tab', { name: `Active Vehicles (${bmws})` }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'marketplace-broker');
    await context.close();
  });

  it("shows a seeded listing's photo on its card and its page, served from the deal-images path like an upload", async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace');
    // The seed's first listing is a BMW X5.
    await search(page, 'X5');
    const card = page.getByRole('article').filter({ hasText: SEEDED_STOCK_NUMBER });
    const photo = card.locator('img').first();

    await expect.poll(() => photo.getAttribute('src')).toMatch(/\/deal-images\/[0-9A-Z]+\.png$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(640);
    await saveScreenshot(page, 'marketplace-seeded-photos');
    await card.getByRole('link').first().click();
    const hero = page.locator('main img').first();
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(640);
    await context.close();
  });

  it('lets a broker add a vehicle with an image, showing the upload progress, and find it by search with its badges', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    const make = uniqueMake();
    const stockNumber = uniqueStockNumber();
    // Hold the upload to S3 for a moment, so the progress bar can be seen.
    await page.route(
      (url) => url.origin === s3Origin,
      async (route) => {
        if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );

    await page.goto('/marketplace');
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    await expectPath(page, '/marketplace/new');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Add Vehicle · LeaseDesk');
    await expect(page.getByLabel('Available stock').inputValue()).resolves.toBe('1');
    await fillVehicleForm(page, { stockNumber, make, model: 'Roadster', dealership: OTHER_DEALERSHIP });

    await page.getByLabel('Image (optional)').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('progressbar', { name: 'Image upload' }).waitFor();
    await page.getByRole('button', { name: 'Uploading image…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Image uploaded' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Vehicle' }).click();

    await expectPath(page, '/marketplace');
    await expectToast(page, {
      title: 'Vehicle added',
      description: `2026 ${make} Roadster is in the marketplace.`,
      variant: 'success',
    });
    const card = await findCard(page, make);
    await card.getByText('Last One!').waitFor();
    await card.getByText('1 available').waitFor();
    await card.getByText(stockNumber).waitFor();
    await card.getByText('$449.99').waitFor();
    await card.getByText('$2,999.50').waitFor();
    await card.getByText('12,000 mi/yr').waitFor();
    await expect(card.locator('img').getAttribute('src')).resolves.toMatch(/\.png$/);
    await page.getByRole('heading', { level: 2, name: `${make} 1` }).waitFor();
    await expectAccessible(page);

    await card.getByRole('link', { name: `2026 ${make} Roadster` }).click();
    await page.getByRole('heading', { level: 1, name: `2026 ${make} Roadster` }).waitFor();
    await page.getByText(OTHER_DEALERSHIP).waitFor();
    await page.getByRole('link', { name: 'Create deal from this vehicle' }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'marketplace-vehicle');
    await context.close();
  });

  it('says "This stock number is already in use" while typing, and blocks the submit', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/new');
    await fillVehicleForm(page, { stockNumber: SEEDED_STOCK_NUMBER.toLowerCase(), make: uniqueMake(), model: 'Coupe' });

    const stockNumber = page.getByLabel('Stock number');
    await page.getByText('This stock number is already in use').waitFor();
    await expect.poll(() => stockNumber.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expectToast(page, {
      title: 'Error',
      description: 'Please fix the stock number error before submitting',
      variant: 'destructive',
    });
    expect(await isFocused(stockNumber)).toBe(true);
    await expectPath(page, '/marketplace/new');

    // A free stock number clears the message.
    await stockNumber.fill(uniqueStockNumber());
    await stockNumber.blur();
    await expect.poll(() => page.getByText('This stock number is already in use').count(), { timeout: 5000 }).toBe(0);
    await context.close();
  });

  it('refuses implausible input on its fields with the API’s messages: a past date, 1000 units, a stock number with a space', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/new');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/marketplace/stock-numbers/')) checks.push(request.url());
    });
    await fillVehicleForm(page, { stockNumber: 'LD 1001', make: uniqueMake(), model: 'Coupe' });
    await page.getByLabel('Available stock').fill('1000');
    await page.getByLabel('Expiration date').fill('2020-01-31');

    await page.getByRole('button', { name: 'Add Vehicle' }).click();

    // Each on its field (the first one is also the toast).
    const form = page.getByRole('form', { name: 'Vehicle' });
    await form.getByText('Stock number can only contain letters, numbers, and hyphens').waitFor();
    await form.getByText('Available stock must be a whole number from 1 to 999').waitFor();
    await form.getByText('Expiration date cannot be in the past').waitFor();
    await expect.poll(() => page.getByLabel('Expiration date').getAttribute('aria-invalid')).toBe('true');
    await expectPath(page, '/marketplace/new');
    // The live check does not ask about a stock number the form refuses anyway.
    expect(checks).toEqual([]);
    await context.close();
  });

  it('puts a 409 from the database (a stock number taken meanwhile) on the stock number field', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/new');
    await fillVehicleForm(page, { stockNumber: uniqueStockNumber(), make: uniqueMake(), model: 'Racer' });
    // Another broker wins the race between the live check and the submit.
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname === '/marketplace/vehicles',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 409,
              headers: { 'access-control-allow-origin': '*' },
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'conflict', message: 'This stock number is already in use' } }),
            })
          : route.continue(),
    );

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expectToast(page, {
      title: 'Error',
      description: 'Please fix the stock number error before submitting',
      variant: 'destructive',
    });
    await page.getByText('This stock number is already in use').waitFor();
    expect(await isFocused(page.getByLabel('Stock number'))).toBe(true);
    await expect(page.getByLabel('Model').inputValue()).resolves.toBe('Racer');
    await context.close();
  });

  it("shows a dealer only their own dealership's vehicles", async () => {
    const make = uniqueMake();
    const broker = await openApp();
    await signInAs(broker.page, 'broker');
    await addVehicle(broker.page, { stockNumber: uniqueStockNumber(), make, model: 'Mine', dealership: DEALER_DEALERSHIP });
    await addVehicle(broker.page, { stockNumber: uniqueStockNumber(), make, model: 'Theirs', dealership: OTHER_DEALERSHIP });
    await broker.context.close();

    const { context, page } = await openApp();
    await signInAs(page, 'dealer', '/marketplace');
    await search(page, make);
    await page.getByRole('link', { name: `2026 ${make} Mine` }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: `2026 ${make} Theirs` }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('lets an admin archive and unarchive a vehicle', async () => {
    const make = uniqueMake();
    const { context, page } = await openApp();
    await signInAs(page, 'admin');
    await addVehicle(page, { stockNumber: uniqueStockNumber(), make, model: 'Archivable', dealership: OTHER_DEALERSHIP });
    const card = await findCard(page, make);
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `2026 ${make} Archivable` }).waitFor();

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Vehicle archived').waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await page.getByText('Archived', { exact: true }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back' }).click();
    await expectPath(page, '/marketplace');
    await search(page, make);
    await page.getByText('No available vehicles found matching your criteria.').waitFor();
    // Both tabs count the search: this test's make is archived, once.
    await page.getByRole('tab', { name: 'Active Vehicles (0)' }).waitFor();
    await page.getByRole('tab', { name: 'Archived Vehicles (1)' }).waitFor();
    // The make filter and the search together: no BMW is named after this test's make.
    const makes = page.getByRole('group', { name: 'Filter by make' });
    await makes.getByRole('button', { name: 'BMW' }).click();
    await listSettled(page);
    await page.getByRole('tab', { name: 'Archived Vehicles (0)' }).waitFor();
    await makes.getByRole('button', { name: 'All Makes' }).click();
    await listSettled(page);
    await page.getByRole('tab', { name: 'Archived Vehicles (1)' }).click();
    await listSettled(page);
    const archived = page.getByRole('article').filter({ hasText: make });
    await archived.getByText('Archived', { exact: true }).waitFor();
    await expect(archived.getByText('Last One!').count()).resolves.toBe(0);
    await expectAccessible(page);

    await archived.getByRole('link').click();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    await page.getByText('Last One!').waitFor();
    await context.close();
  });

  it("edits a vehicle's dealership by a server search, showing the saved one by name without a search", async () => {
    const make = uniqueMake();
    const { context, page } = await openApp();
    await signInAs(page, 'admin');
    await addVehicle(page, { stockNumber: uniqueStockNumber(), make, model: 'Moved', dealership: OTHER_DEALERSHIP });
    await (await findCard(page, make)).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `2026 ${make} Moved` }).waitFor();
    const vehiclePath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit' }).click();
    const dealershipSearches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === apiOrigin && url.pathname === '/dealerships') dealershipSearches.push(url.search);
    });

    const dealership = page.getByRole('combobox', { name: /Dealership/ });
    await expect.poll(() => dealership.textContent()).toContain(OTHER_DEALERSHIP);
    expect(dealershipSearches).toEqual([]);
    await dealership.click();
    const searchBox = page.getByRole('combobox', { name: 'Search dealerships' });
    await searchBox.pressSequentially('bay area', { delay: 30 });
    await page.getByRole('option', { name: new RegExp(DEALER_DEALERSHIP) }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => dealership.textContent()).toContain(DEALER_DEALERSHIP);
    // One search per pause in typing, not one per key (the list on opening is react-query's, cached by the add form).
    expect(dealershipSearches.at(-1)).toBe('?limit=20&search=bay+area');
    expect(dealershipSearches.length).toBeLessThan(1 + 'bay area'.length);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, vehiclePath);
    await page.getByRole('region', { name: 'Dealership' }).getByText(DEALER_DEALERSHIP).waitFor();
    await context.close();
  });

  it('lets a broker add a dealership inline from the vehicle form, and chooses it for the vehicle', async () => {
    const name = `Inline Motors ${randomUUID().slice(0, 8)}`;
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/new');
    await page.getByRole('heading', { level: 1, name: 'Add Vehicle to Marketplace' }).waitFor();
    await page.getByRole('button', { name: 'Add dealership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add dealership' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Location').fill('Austin, TX');
    const added = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/dealerships' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add dealership' }).click();
    expect((await added).status()).toBe(201);
    await page.getByText('Dealership created', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('combobox', { name: /Dealership/ }).textContent()).toContain(name);
    await context.close();
  });

  it('records a view when the vehicle page opens and again after 2 seconds, counted once', async () => {
    const make = uniqueMake();
    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    await addVehicle(page, { stockNumber: uniqueStockNumber(), make, model: 'Viewed', dealership: OTHER_DEALERSHIP });
    const card = await findCard(page, make);
    const vehicleUrl = await card.getByRole('link').getAttribute('href');

    const views: { sessionId: string; at: number }[] = [];
    // When each was sent (the page's timer is 2 s after the first send), not when it finished: a first request
    // answered slowly by a cold function would shorten the gap between their ends.
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/views')) {
        views.push({ sessionId: (request.postDataJSON() as { sessionId: string }).sessionId, at: Date.now() });
      }
    });
    await page.goto(vehicleUrl!);
    await page.getByRole('heading', { level: 1, name: `2026 ${make} Viewed` }).waitFor();
    // One on open (two in development, where StrictMode runs effects twice), one 2 seconds later.
    await expect.poll(() => views.some((view) => view.at - views[0].at >= 1500), { timeout: 15_000 }).toBe(true);
    expect(new Set(views.map((view) => view.sessionId)).size).toBe(1);
    await expectAccessible(page);

    // One session on one day counts once, however often it records.
    await page.reload();
    const viewCount = page.locator('dt', { hasText: /^Views$/ }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => viewCount.textContent(), { timeout: 15_000 }).toBe('1');
    await context.close();
  });

  it('shows a clear page with a way back for a vehicle that does not exist', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/marketplace/01JNOSUCHVEHICLE0000000000');
    await page.getByRole('heading', { level: 1, name: 'Vehicle not found' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Marketplace' }).click();
    await expectPath(page, '/marketplace');
    await context.close();
  });
});
