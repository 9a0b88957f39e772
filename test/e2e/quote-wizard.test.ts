/**
 * /get-quote and /quote-thank-you in Chromium against the local stack (docs/decisions.md,
 * "Quotes"): a shopper completes the wizard on both branches (two trade-ins, one owed to a lienholder, and a named
 * agent) and lands on the thank-you page with the lead stored; Next is blocked by the step's rules with focus on
 * the first invalid field; a failed submit keeps everything typed. The page loads its own entry, never the staff
 * app or Amplify. Every step is checked with axe.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { loadPrincipals } from '@test/support/principals';
import { getStack, webMode } from '@test/support/stack';
import {
  expectAccessible,
  expectPath,
  expectToast,
  isEntry,
  isFocused,
  recordScripts,
  saveScreenshot,
  staffAppScripts,
  useWebApp,
} from './browser';
import { PUBLIC_PAGE_JS_BUDGETS, describeScripts, gzippedTotal, recordTransferredScripts } from './page-weight';

const stack = getStack();
const openApp = useWebApp();
const quoteRequestsUrl = `${stack.urls.api.replace(/\/+$/, '')}/quote-requests`;
/** The API is another origin than the page: a faked answer needs the CORS header the real one carries. */
const CORS = { 'access-control-allow-origin': '*' };

const stepLabel = (page: Page, step: number) => page.getByText(`Step ${step} of 4`, { exact: true });
const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const answer = (page: Page, question: string, choice: string) =>
  group(page, question).getByRole('radio', { name: choice, exact: true }).check();

async function next(page: Page, label: string, step: number) {
  await page.getByRole('button', { name: label }).click();
  await stepLabel(page, step).waitFor();
}

async function fillContact(page: Page, lastName: string) {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Jo');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`shopper.${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('4155552671');
  await page.getByRole('textbox', { name: 'Zip code', exact: true }).fill('94107');
  await answer(page, 'Preferred contact method', 'Text');
}

/** Submits step 4 and returns the lead id the API answered. */
async function submit(page: Page): Promise<string> {
  // The first request to the quotes function loads it in the local API server (and SES's client): allow a slow machine time.
  const response = page.waitForResponse((r) => r.url() === quoteRequestsUrl && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Show Me My Matches!' }).click();
  const answered = await response;
  expect(answered.status()).toBe(201);
  return ((await answered.json()) as { id: string }).id;
}

describe('quote wizard', () => {
  it('takes an exact vehicle, an agent, two trade-ins (one owed) and the contact to the thank-you page, storing the lead', async () => {
    const principals = await loadPrincipals();
    const agent = principals.of.broker;
    const { context, page } = await openApp({ viewport: { width: 390, height: 844 } });
    const scripts = recordScripts(page);
    await page.goto('/get-quote', { timeout: 60_000 });

    // Step 1
    await stepLabel(page, 1).waitFor();
    await expect.poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    await page.getByRole('radio', { name: 'Yes, I know the exact Year, Make, Model, Trim' }).check();
    await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption('2026');
    await page.getByRole('combobox', { name: 'Make', exact: true }).selectOption('BMW');
    await page.getByRole('textbox', { name: 'Model', exact: true }).fill('X5');
    await page.getByRole('textbox', { name: 'Trim', exact: true }).fill('xDrive40i');
    await page.getByRole('textbox', { name: 'Must-have options', exact: true }).fill('Panoramic roof');
    await expectAccessible(page);
    await next(page, 'Next – Tell us about you', 2);

    // Step 2
    await answer(page, 'Are you already working with one of our agents?', 'Yes');
    const agentSelect = page.getByRole('combobox', { name: 'Your agent', exact: true });
    await agentSelect.locator(`option[value="${agent.userId}"]`).waitFor({ state: 'attached' });
    const agentName = (await createData().users.getBrokerProfile(agent.userId))?.fullName;
    await expect(agentSelect.locator(`option[value="${agent.userId}"]`).textContent()).resolves.toBe(agentName);
    await agentSelect.selectOption(agent.userId);
    await answer(page, 'Do you have a trade-in?', 'Yes');
    const first = page.getByRole('region', { name: 'Trade-in #1' });
    await first.getByRole('textbox', { name: 'Year', exact: true }).fill('2019');
    await first.getByRole('textbox', { name: 'Make', exact: true }).fill('Honda');
    await first.getByRole('textbox', { name: 'Model', exact: true }).fill('Civic');
    await first.getByRole('textbox', { name: 'Mileage', exact: true }).fill('45,000');
    await first.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('3');
    await expect(first.getByRole('button', { name: /Remove/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add another trade-in' }).click();
    const second = page.getByRole('region', { name: 'Trade-in #2' });
    await second.getByRole('textbox', { name: 'Year', exact: true }).fill('2016');
    await second.getByRole('textbox', { name: 'Make', exact: true }).fill('Ford');
    await second.getByRole('textbox', { name: 'Model', exact: true }).fill('F-150');
    await second.getByRole('textbox', { name: 'Mileage', exact: true }).fill('98000');
    await second.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('2');
    await second.getByRole('group', { name: 'Do you owe money on it?' }).getByRole('radio', { name: 'Yes' }).check();
    await second.getByRole('textbox', { name: 'Lienholder (bank name)', exact: true }).fill('Chase Auto');
    await second.getByRole('textbox', { name: 'Amount owed ($)', exact: true }).fill('8200');
    await page.getByRole('button', { name: 'Add another trade-in' }).click();
    await page.getByRole('button', { name: 'Remove trade-in #3' }).click();
    await expect(page.getByRole('region', { name: 'Trade-in #3' }).count()).resolves.toBe(0);
    await page.getByRole('combobox', { name: 'When are you looking to get your car?', exact: true }).selectOption('1-2-weeks');
    await page.getByRole('combobox', { name: 'Approximate credit score', exact: true }).selectOption('700-749');
    await page.getByLabel(/Monthly payment budget/).fill('650');
    await answer(page, 'Are you looking to lease or purchase?', 'Lease');
    await expectAccessible(page);
    await next(page, 'Next – Unlock extra savings', 3);

    // Step 3
    await page.getByRole('checkbox', { name: 'Costco member', exact: true }).check();
    await page.getByRole('checkbox', { name: 'AAA member', exact: true }).check();
    await answer(page, 'Are you currently leasing a vehicle?', 'Yes');
    await page.getByRole('textbox', { name: 'Current brand', exact: true }).fill('Audi');
    await expectAccessible(page);
    await next(page, 'Next – Almost done', 4);

    // Step 4
    const lastName = `Wizard${randomUUID().slice(0, 6)}`;
    await fillContact(page, lastName);
    await expect.poll(() => page.getByRole('textbox', { name: 'Email', exact: true }).getAttribute('type')).toBe('email');
    await expect.poll(() => page.getByRole('textbox', { name: 'Phone', exact: true }).getAttribute('type')).toBe('tel');
    await page.getByText(/agree to be contacted by phone, SMS or e-mail/).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'quote-wizard-step-4');
    const id = await submit(page);

    await expectToast(page, {
      title: 'Quote Request Submitted!',
      description: "We're searching inventory—expect a text/email in <5 min.",
      variant: 'success',
    });
    await expectPath(page, '/quote-thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await expectAccessible(page);

    const lead = await createData().quotes.getLead(id);
    expect(lead).toMatchObject({
      status: 'new',
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'BMW',
      exactVehicleModel: 'X5',
      brokerId: agent.userId,
      tradeInMake: 'Honda',
      tradeInMileage: 45000,
      tradeInHasLienholder: false,
      additionalNotes: 'Additional trade-ins: #2: 2016 Ford F-150 - 98000 miles, Condition: 2',
      isCostcoMember: true,
      isAaaMember: true,
      currentLeaseBrand: 'Audi',
      lastName,
      preferredContactMethod: 'text',
    });
    const loaded = await scripts();
    expect(loaded.some(isEntry('quote', '/src/public/quote-main.tsx'))).toBe(true);
    expect(staffAppScripts(loaded)).toEqual([]);
    await context.close();
  }, 120_000); // the longest flow: four steps with an axe check each

  it('opens on a phone with at most 70 KB of gzipped JavaScript', async () => {
    const { page } = await openApp({ viewport: { width: 390, height: 844 } });
    const transferred = recordTransferredScripts(page);
    await page.goto('/get-quote', { timeout: 60_000 });
    await stepLabel(page, 1).waitFor();
    await page.getByRole('radio', { name: 'Yes, I know the exact Year, Make, Model, Trim' }).waitFor();

    // The dev server sends every module apart and unminified: the budget is the production build's, which the
    // suite runs by default (docs/decisions.md, "Public pages").
    if (webMode() !== 'dev') {
      const loaded = await transferred();
      expect(gzippedTotal(loaded), describeScripts(loaded)).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGETS.quote);
    }
  });

  it('takes the help branch (a truck with its configuration and features) with Back keeping the answers', async () => {
    const { context, page } = await openApp();
    await page.goto('/get-quote', { timeout: 60_000 });

    await page.getByRole('radio', { name: 'No, help me figure it out' }).check();
    await answer(page, 'Body style', 'Truck');
    await answer(page, 'Truck configuration', '4 Door');
    const features = group(page, 'Must-have features');
    await features.getByRole('checkbox', { name: 'Towing package', exact: true }).check();
    await features.getByRole('checkbox', { name: '4x4/AWD', exact: true }).check();
    await expect(page.getByRole('textbox', { name: 'Model', exact: true }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await next(page, 'Next – Tell us about you', 2);
    await page.getByRole('button', { name: 'Back' }).click();
    await stepLabel(page, 1).waitFor();
    await expect(features.getByRole('checkbox', { name: 'Towing package', exact: true }).isChecked()).resolves.toBe(true);
    await next(page, 'Next – Tell us about you', 2);
    await next(page, 'Next – Unlock extra savings', 3);
    await next(page, 'Next – Almost done', 4);
    await fillContact(page, `Helper${randomUUID().slice(0, 6)}`);
    const id = await submit(page);

    await expectPath(page, '/quote-thank-you');
    await page.getByText('Expect a text or e-mail from us in under 5 minutes.').waitFor();
    await expect(page.getByRole('link', { name: 'See available deals' }).getAttribute('href')).resolves.toBe(
      '/trending-deals-embed',
    );
    await expect(page.getByRole('link', { name: /^Call / }).getAttribute('href')).resolves.toMatch(/^tel:\+\d+$/);
    expect(await createData().quotes.getLead(id)).toMatchObject({
      vehiclePreference: 'help',
      bodyStyle: 'Truck',
      mustHaveFeatures: ['4 Door', '4x4/AWD', 'Towing package'],
    });
    await context.close();
  });

  it("blocks Next until the step's rules hold, with the message on the field and focus on it", async () => {
    const { context, page } = await openApp();
    await page.goto('/get-quote', { timeout: 60_000 });

    await page.getByRole('button', { name: 'Next – Tell us about you' }).click();
    await page.getByText('Please choose whether you know the exact car you want').waitFor();
    await expect(stepLabel(page, 1).isVisible()).resolves.toBe(true);

    await page.getByRole('radio', { name: 'Yes, I know the exact Year, Make, Model, Trim' }).check();
    await page.getByRole('button', { name: 'Next – Tell us about you' }).click();
    await page.getByText('Make is required').waitFor();
    await page.getByText('Model is required').waitFor();
    await expect(isFocused(page.getByRole('combobox', { name: 'Make', exact: true }))).resolves.toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Make', exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    // Once shown, the messages follow each change: the fixed field's goes, the other's stays until it is fixed.
    await page.getByRole('combobox', { name: 'Make', exact: true }).selectOption('Toyota');
    await page.getByText('Make is required').waitFor({ state: 'detached' });
    await expect(page.getByText('Model is required').isVisible()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Model', exact: true }).fill('RAV4');
    await page.getByText('Model is required').waitFor({ state: 'detached' });
    await next(page, 'Next – Tell us about you', 2);

    // A hidden trade-in card is neither checked nor sent: answering No lets step 2 pass whatever the card holds.
    await answer(page, 'Do you have a trade-in?', 'Yes');
    await answer(page, 'Do you owe money on it?', 'Yes');
    await page.getByRole('textbox', { name: 'Mileage', exact: true }).fill('lots');
    await answer(page, 'Do you have a trade-in?', 'No');
    await next(page, 'Next – Unlock extra savings', 3);
    // The browser's Back goes to the previous step, which kept what was typed.
    await page.goBack();
    await stepLabel(page, 2).waitFor();
    await answer(page, 'Do you have a trade-in?', 'Yes');
    await expect(page.getByRole('textbox', { name: 'Mileage', exact: true }).inputValue()).resolves.toBe('lots');
    await answer(page, 'Do you have a trade-in?', 'No');
    await next(page, 'Next – Unlock extra savings', 3);
    await answer(page, 'Are you currently leasing a vehicle?', 'Yes');
    await page.getByRole('button', { name: 'Next – Almost done' }).click();
    await page.getByText('Current brand is required').waitFor();
    await expect(isFocused(page.getByRole('textbox', { name: 'Current brand', exact: true }))).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Current brand', exact: true }).fill('Kia');
    await next(page, 'Next – Almost done', 4);

    await page.getByRole('button', { name: 'Show Me My Matches!' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Phone number must be at least 10 digits').waitFor();
    await expect(isFocused(page.getByRole('textbox', { name: 'First name', exact: true }))).resolves.toBe(true);
    await expectAccessible(page);

    // The server's field messages land on their fields (focus on the first) and go when that field is edited.
    await fillContact(page, 'Fields');
    await page.route(quoteRequestsUrl, (route) =>
      route.fulfill({
        status: 400,
        headers: CORS,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'bad_request', message: 'Invalid email address', fields: { email: 'Invalid email address' } },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Show Me My Matches!' }).click();
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expectToast(page, { title: 'Error', description: 'Invalid email address', variant: 'destructive' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await expect(isFocused(email)).resolves.toBe(true);
    await email.fill('jo.fields@example.com');
    await expect(email.getAttribute('aria-invalid')).resolves.toBeNull();
    await page.unroute(quoteRequestsUrl);
    await context.close();
  });

  it('keeps everything typed when the submit fails, toasting the server message or the fallback, sends a double click once, and sends once it works', async () => {
    const { context, page } = await openApp();
    await page.goto('/get-quote', { timeout: 60_000 });
    await page.getByRole('radio', { name: 'Yes, I know the exact Year, Make, Model, Trim' }).check();
    await page.getByRole('combobox', { name: 'Make', exact: true }).selectOption('Kia');
    await page.getByRole('textbox', { name: 'Model', exact: true }).fill('EV9');
    await next(page, 'Next – Tell us about you', 2);
    await next(page, 'Next – Unlock extra savings', 3);
    await next(page, 'Next – Almost done', 4);
    const lastName = `Retry${randomUUID().slice(0, 6)}`;
    await fillContact(page, lastName);

    let calls = 0;
    await page.route(quoteRequestsUrl, async (route) => {
      calls += 1;
      if (calls === 1) {
        // Hold the first answer a moment: the button shows it is sending and cannot be pressed again.
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({
          status: 503,
          headers: CORS,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Our quote service is busy, please try again' } }),
        });
      } else await route.abort('connectionfailed');
    });
    // A double click sends once: the guard holds from the first click, before the button re-renders disabled.
    await page.getByRole('button', { name: 'Show Me My Matches!' }).dblclick();
    const sending = page.getByRole('button', { name: 'Submitting...' });
    await sending.waitFor();
    await expect(sending.isDisabled()).resolves.toBe(true);
    await expectToast(page, {
      title: 'Error',
      description: 'Our quote service is busy, please try again',
      variant: 'destructive',
    });
    await page.getByRole('button', { name: 'Show Me My Matches!' }).click();
    await expectToast(page, { title: 'Error', description: 'Failed to submit quote request', variant: 'destructive' });

    expect(calls).toBe(2);
    await expect(stepLabel(page, 4).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('textbox', { name: 'Last name', exact: true }).inputValue()).resolves.toBe(lastName);
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).resolves.toBe('4155552671');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Model', exact: true }).inputValue()).resolves.toBe('EV9');

    await page.unroute(quoteRequestsUrl);
    await next(page, 'Next – Tell us about you', 2);
    await next(page, 'Next – Unlock extra savings', 3);
    await next(page, 'Next – Almost done', 4);
    const id = await submit(page);
    await expectPath(page, '/quote-thank-you');
    expect(await createData().quotes.getLead(id)).toMatchObject({ lastName, exactVehicleModel: 'EV9' });
    await context.close();
  });
});
