/**
 * The pickers of components/ui on the dev-only /dev/pickers screen (on Vite's dev server: a production build has
 * no such screen, see useWebApp): each driven by the keyboard alone, bound to the form binding (values, messages,
 * focus, server errors), and free of serious axe violations closed and open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, isFocused, useWebApp } from './browser';

const openApp = useWebApp({ build: 'dev' });

async function openPickers(page: Page): Promise<void> {
  // Vite's dev server compiles the screen on its first visit: on a busy machine that takes longer than a navigation
  // usually may (the load event is the state waited on).
  await page.goto('/dev/pickers', { timeout: 120_000 });
  await page.getByRole('form', { name: 'Pickers' }).waitFor();
}

/** Waits until the open combobox lists exactly `labels` (a server search settles after its debounce and latency). */
async function expectOptions(page: Page, labels: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)) ===
      JSON.stringify(expected),
    labels,
  );
}

/** Presses Tab until `name`d control has focus (at most 20 presses), so the test moves as a keyboard user does. */
/**
 * An arrow pressed on a Radix radio as a person presses it: held until the focus has moved. Radix moves the focus
 * in a timer after the keydown and chooses the radio only if an arrow is still down then, so a key released at once
 * (as `keyboard.press` does) can move the focus without choosing when the machine is busy.
 */
async function pressArrowOnRadio(page: Page, key: 'ArrowDown' | 'ArrowUp', next: ReturnType<Page['locator']>): Promise<void> {
  await page.keyboard.down(key);
  await expect.poll(() => isFocused(next)).toBe(true);
  await page.keyboard.up(key);
  await expect.poll(() => next.getAttribute('aria-checked')).toBe('true');
}

async function tabTo(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  for (let presses = 0; presses < 20; presses += 1) {
    if (await isFocused(locator)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(locator)}`);
}

describe('pickers', () => {
  it('are each operated with the keyboard alone and submit their values through the form binding', async () => {
    const { context, page } = await openApp();
    await openPickers(page);
    await expectAccessible(page);

    // Select: Enter opens, arrows move, Enter chooses.
    const dealType = page.getByRole('combobox', { name: 'Deal type' });
    await tabTo(page, dealType);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    // The open select is modal: Radix hides the rest of the page (aria-hidden) and keeps focus in the list, so the
    // list is what a user can reach and what is checked.
    await expectAccessible(page, '[role="listbox"]');
    await page.keyboard.press('ArrowDown');
    // Enter picks the highlighted option: wait until the arrow has moved focus to it (a busy machine may lag).
    await expect.poll(() => isFocused(page.getByRole('option', { name: 'Finance' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => dealType.textContent()).toContain('Finance');
    await expect.poll(() => isFocused(dealType)).toBe(true);
    // The chosen option's check mark is a drawing: neither its text nor its name has a "✓", which screen readers would
    // read out.
    await page.keyboard.press('Enter');
    const chosen = page.getByRole('option', { name: 'Finance', exact: true });
    await expect.poll(() => chosen.getAttribute('aria-selected')).toBe('true');
    await expect(chosen.textContent()).resolves.toBe('Finance');
    await expect(page.getByRole('listbox').textContent()).resolves.not.toContain('✓');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(dealType)).toBe(true);

    // Combobox: Enter opens the search, typing filters, Enter chooses and closes, focus returns.
    const make = page.getByRole('combobox', { name: 'Make' });
    await tabTo(page, make);
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Search makes' });
    await search.waitFor();
    await expect.poll(() => isFocused(search)).toBe(true);
    await page.keyboard.type('sub');
    await expect(page.getByRole('option').allTextContents()).resolves.toEqual(['Subaru']);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await search.waitFor({ state: 'detached' });
    await expect(make.textContent()).resolves.toContain('Subaru');
    await expect.poll(() => isFocused(make)).toBe(true);

    // Async combobox: Enter opens and searches at once; typing searches once per pause; Enter chooses and closes.
    const dealership = page.getByRole('combobox', { name: 'Dealership' });
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(dealership)).toBe(true);
    await page.keyboard.press('Enter');
    const dealershipSearch = page.getByRole('combobox', { name: 'Search dealerships' });
    await dealershipSearch.waitFor();
    await expect.poll(() => isFocused(dealershipSearch)).toBe(true);
    await page.getByRole('option', { name: 'Bay Area Toyota' }).waitFor();
    await page.keyboard.type('hon', { delay: 40 });
    await expectOptions(page, ['Capitol Honda', 'Metro Honda']);
    // One search on opening and one for "hon": the keys typed within the pause were not each sent.
    await expect(page.getByLabel('Dealership searches sent').textContent()).resolves.toBe('2');
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dealershipSearch.waitFor({ state: 'detached' });
    await expect(dealership.textContent()).resolves.toContain('Metro Honda');
    await expect.poll(() => isFocused(dealership)).toBe(true);

    // Radio group: one tab stop; the arrows move and choose.
    await page.keyboard.press('Tab');
    const firstRange = page.getByRole('radio', { name: '300-579' });
    await expect.poll(() => isFocused(firstRange)).toBe(true);
    for (const range of ['580-669', '670-739']) {
      await pressArrowOnRadio(page, 'ArrowDown', page.getByRole('radio', { name: range }));
    }

    // Number field: text typed, a number submitted.
    await tabTo(page, page.getByLabel('Monthly budget'));
    await page.keyboard.type('1,250.50');

    // Checkbox: Space toggles.
    const terms = page.getByRole('checkbox', { name: 'I accept the terms' });
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect.poll(() => terms.getAttribute('aria-checked')).toBe('true');

    // Popover: Enter opens it, the field inside is reachable and bound, Escape closes it and focus returns.
    const moreOptions = page.getByRole('button', { name: 'More options' });
    await tabTo(page, moreOptions);
    await page.keyboard.press('Enter');
    const sms = page.getByRole('checkbox', { name: 'Notify me by SMS' });
    await sms.waitFor();
    await tabTo(page, sms);
    await page.keyboard.press('Space');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await sms.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(moreOptions)).toBe(true);

    await tabTo(page, page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    const submitted = page
      .getByRole('status', { name: 'Submitted values' })
      .or(page.locator('output[aria-label="Submitted values"]'));
    await submitted.waitFor();
    expect(JSON.parse((await submitted.textContent()) ?? '{}')).toEqual({
      dealType: 'finance',
      make: 'Subaru',
      dealershipId: 'D07',
      creditScoreRange: '670-739',
      monthlyBudget: 1250.5,
      acceptTerms: true,
      notifyBySms: true,
      serverErrors: false,
    });
    await context.close();
  });

  it('show the schema messages on each picker and focus the first invalid one', async () => {
    const { context, page } = await openApp();
    await openPickers(page);
    await page.getByLabel('Monthly budget').fill('lots');
    await page.getByRole('button', { name: 'Submit' }).click();

    const dealType = page.getByRole('combobox', { name: 'Deal type' });
    await page.getByText('Choose a deal type', { exact: true }).last().waitFor();
    await expect.poll(() => isFocused(dealType)).toBe(true);
    await expect.poll(() => dealType.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByRole('combobox', { name: 'Make' }).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByRole('combobox', { name: 'Dealership' }).getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.getByRole('radiogroup', { name: 'Credit score range' }).getAttribute('aria-invalid'))
      .toBe('true');
    await page.getByText('Invalid number', { exact: true }).waitFor();
    await page.getByText('Accept the terms to continue', { exact: true }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("put the server's field errors on their fields and the rest at the top of the form", async () => {
    const { context, page } = await openApp();
    await openPickers(page);
    const form = page.getByRole('form', { name: 'Pickers' });
    await page.getByRole('combobox', { name: 'Deal type' }).click();
    await page.getByRole('option', { name: 'Lease' }).click();
    await page.getByRole('combobox', { name: 'Make' }).click();
    await page.getByRole('option', { name: 'Honda' }).click();
    await page.getByRole('combobox', { name: 'Dealership' }).click();
    await page.getByRole('option', { name: 'Coastal Subaru' }).click();
    await page.getByRole('radio', { name: '800-850' }).click();
    await page.getByLabel('Monthly budget').fill('500');
    await page.getByRole('checkbox', { name: 'I accept the terms' }).click();
    await page.getByRole('checkbox', { name: 'Answer with server errors' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();

    const make = page.getByRole('combobox', { name: 'Make' });
    await form.getByText('Make is not offered', { exact: true }).waitFor();
    await expect.poll(() => make.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(make)).toBe(true);
    await expect(form.getByRole('alert').textContent()).resolves.toBe('The offer has expired');
    await context.close();
  });

  it('show the search state of the async combobox: searching, no match, a failed search, and keep the last results while searching', async () => {
    const { context, page } = await openApp();
    await openPickers(page);
    await page.getByRole('combobox', { name: 'Dealership' }).click();
    const panel = page.locator('[data-radix-popper-content-wrapper]');
    // Opening searches at once.
    await page.getByRole('option', { name: 'Bay Area Toyota' }).waitFor();
    await expect(page.getByRole('option').count()).resolves.toBe(12);

    await page.keyboard.type('zzz');
    // While the next search runs, the last results stay listed under "Searching…".
    await panel.getByText('Searching…').waitFor();
    await expect(page.getByRole('option').count()).resolves.toBe(12);
    await panel.getByText('No dealerships found', { exact: true }).waitFor();
    await expect(page.getByRole('option').count()).resolves.toBe(0);
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Search dealerships' }).fill('error');
    await panel.getByText('The search failed. Try again.', { exact: true }).waitFor();
    await expectAccessible(page);

    // Escape closes; the next opening starts from the whole list again.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Dealership' }).click();
    await expectOptions(page, [
      'Bay Area Toyota',
      'Capitol Honda',
      'Coastal Subaru',
      'Desert BMW',
      'Harbor Mazda',
      'Lakeside Ford',
      'Metro Honda',
      'Mountain View Kia',
      'Northgate Hyundai',
      'Riverside Lexus',
      'Summit Audi',
      'Valley Volkswagen',
    ]);
    await context.close();
  });
});
