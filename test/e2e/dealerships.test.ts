/**
 * /dealerships in Chromium (docs/decisions.md, "Dealerships"): an admin adds, edits and deletes a dealership through
 * the dialog and its confirmation; a broker sees View Only; an admin adds a dealer login and the dealer signs in
 * with the e-mailed temporary password, choosing a new one. axe on every page and dialog.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { uniqueEmail, waitForMail } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, signIn, useWebApp } from './browser';

const openApp = useWebApp();
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
const tag = () => Math.random().toString(36).slice(2, 8);

describe('/dealerships', () => {
  it('lets an admin add, find, edit and delete a dealership', async () => {
    const { context, page } = await openApp();
    const name = `Cascade ${tag()} Motors`;
    await signIn(page, demo('admin').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/dealerships');
    await page.getByRole('heading', { level: 1, name: 'Dealerships' }).waitFor();
    await page.getByRole('table').waitFor();
    await expectAccessible(page);

    // A submit without name and location is refused with the required toast.
    await page.getByRole('button', { name: 'Add Dealership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dealership' });
    await dialog.getByRole('button', { name: 'Add Dealership' }).click();
    await expectToast(page, {
      title: 'Missing information',
      description: 'Name and location are required',
      variant: 'destructive',
    });
    await expect.poll(() => dialog.getByLabel('Contact email').getAttribute('type')).toBe('email');
    await expect.poll(() => dialog.getByLabel('Website').getAttribute('type')).toBe('url');
    await expectAccessible(page, 'dialog');

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Location').fill('Bend, OR');
    await dialog.getByLabel('Contact name').fill('Riley Park');
    // Typed without a scheme, the website is completed to https:// when the field is left (not refused).
    await dialog.getByLabel('Website').fill('cascade.example.com');
    await dialog.getByLabel('Success rate (%)').click();
    await expect.poll(() => dialog.getByLabel('Website').inputValue()).toBe('https://cascade.example.com');
    await dialog.getByLabel('Success rate (%)').fill('92.5');
    await dialog.getByRole('button', { name: 'Add Dealership' }).click();
    await expectToast(page, { title: 'Dealership created', description: `${name} was added.`, variant: 'success' });
    // The success replaces the form's earlier error toast.
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Missing information', { exact: true }).count(),
    ).resolves.toBe(0);
    // The toast comes as the save succeeds; the dialog closes once the list has been fetched again.
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Search dealerships').fill('riley park');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      'Bend, OR',
      'Riley Park',
      '—',
      '—',
      'cascade.example.com',
      '0',
      '0',
      expect.any(String),
    ]);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dealership' });
    await expect(edit.getByLabel('Success rate (%)').inputValue()).resolves.toBe('92.5');
    await edit.getByLabel('Contact name').fill('Jordan Vale');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, { title: 'Dealership updated', description: `${name} was saved.`, variant: 'success' });
    await edit.waitFor({ state: 'hidden' });
    // The search still says "riley park": the edited row leaves the results, and is found by its new contact.
    await page.getByLabel('Search dealerships').fill('jordan vale');
    await page.getByRole('row').filter({ hasText: name }).waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Dealership' });
    await confirm.getByText('Are you sure you want to delete this dealership?').waitFor();
    await expectAccessible(page, 'dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, { title: 'Dealership deleted', description: `${name} was deleted.`, variant: 'success' });
    await page.getByText('No dealerships found').waitFor();
    await context.close();
  });

  it('shows a broker the list as View Only', async () => {
    const { context, page } = await openApp();
    await signIn(page, demo('broker').email, DEMO_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/dealerships');
    await page.getByRole('table').waitFor();

    await expect(page.getByText('View Only').first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Add Dealership' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('sends a dealer away from /dealerships', async () => {
    const { context, page } = await openApp();
    await signIn(page, demo('dealer').email, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/dealerships');
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('lets an admin add a dealer login; the dealer signs in with the e-mailed password and chooses a new one', async () => {
    const admin = await openApp();
    const email = uniqueEmail('dealer', 'example.com');
    await signIn(admin.page, demo('admin').email, DEMO_PASSWORD);
    await expectPath(admin.page, '/');
    await admin.page.goto('/dealerships');
    const first = admin.page.getByRole('button', { name: /^Dealer logins of / }).first();
    await first.click();
    const dialog = admin.page.getByRole('dialog', { name: /^Dealer logins:/ });
    await dialog.getByLabel('Name', { exact: true }).fill('Devon Dealer');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Licence number').fill('DLR-778');
    await dialog.getByRole('button', { name: 'Add Dealer' }).click();
    await expectToast(admin.page, {
      title: 'Dealer added',
      description: `A temporary password was e-mailed to ${email}.`,
      variant: 'success',
    });
    await dialog.getByText('Devon Dealer').waitFor();
    await expectAccessible(admin.page, 'dialog');
    await admin.context.close();

    // The invitation (functions/auth/custom-message.ts) is HTML: "Your temporary password is <strong>…</strong>".
    const mail = await waitForMail(email, (message) => /temporary password/i.test(message.body.html ?? ''));
    const temporary = /temporary password is <strong>([^<]+)<\/strong>/.exec(mail.body.html ?? '')![1]!;
    const dealer = await openApp();
    await signIn(dealer.page, email, temporary);
    await dealer.page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await expectAccessible(dealer.page);
    await dealer.page.getByLabel('New password', { exact: true }).fill('Dealer-Chosen-2026!');
    await dealer.page.getByLabel('Confirm new password').fill('Dealer-Chosen-2026!');
    await dealer.page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expectPath(dealer.page, '/dashboard');
    // A first sign-in: greeted as new (not "Welcome back"), by the heading as by the toast.
    await dealer.page.getByRole('heading', { level: 1, name: 'Welcome, Devon Dealer' }).waitFor();
    await expectToast(dealer.page, {
      title: 'Welcome to LeaseDesk!',
      description: 'Your account is ready and you are signed in.',
      variant: 'success',
    });
    await dealer.context.close();
  });
});
