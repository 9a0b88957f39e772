/**
 * The applicant's credit application pages (docs/decisions.md, "Credit applications"), in Chromium against the local
 * stack with axe on every page: a link opens the deal's embedded form (the local stand-in), "Sign and submit" posts the
 * signed webhook and lands on the thank-you page (confetti, unless reduced motion is asked for); a completed link goes
 * straight to its thank-you page; an expired and an invalid link toast and go home; the embed page's actions.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { INVALID_LINK_MESSAGE, LINK_EXPIRED_MESSAGE } from '@shared/credit-applications/api';
import { expectAccessible, expectPath, expectToast, signIn, useWebApp } from './browser';

const openApp = useWebApp();

/** A link straight in the table for a seeded deal, valid until `validUntil`. */
async function newLink(validUntil: Date) {
  const data = createData();
  const [deal] = await data.deals.listByStatus('active');
  if (!deal) throw new Error('The seed has no active deal');
  const token = randomBytes(16).toString('base64url');
  await data.creditApplications.create({
    token,
    id: ulid(),
    dealId: deal.id,
    status: 'valid',
    validUntil: validUntil.toISOString(),
    createdAt: new Date().toISOString(),
  });
  return { token, deal };
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);

describe('credit application by link', () => {
  it('shows the form, signs it in the stand-in, and thanks the applicant; the link then leads to the thanks', async () => {
    const { context, page } = await openApp();
    const { token, deal } = await newLink(inDays(30));

    await page.goto(`/credit-application/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Credit Application' }).waitFor();
    await page.getByText(`For your ${deal.year} ${deal.make} ${deal.model}.`).waitFor();
    const form = page.frameLocator('iframe[title="Credit application form"]');
    await form.getByRole('button', { name: 'Sign and submit' }).waitFor();
    await expectAccessible(page);

    await form.getByLabel('Full legal name').fill('Jamie Applicant');
    await form.getByRole('button', { name: 'Sign and submit' }).click();

    await expectPath(page, `/credit-application/${token}/thank-you`);
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.getByText('contact you within 24 hours').waitFor();
    await expect(page.locator('canvas').count()).resolves.toBe(1);
    await expectAccessible(page);
    expect((await createData().creditApplications.get(token))?.status).toBe('completed');

    await page.goto(`/credit-application/${token}`);
    await expectPath(page, `/credit-application/${token}/thank-you`);
    await context.close();
  });

  it('shows no confetti to a visitor who asks for reduced motion', async () => {
    const { context, page } = await openApp();
    await page.emulateMedia({ reducedMotion: 'reduce' });

    await page.goto('/credit-application/any/thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.waitForTimeout(300);

    await expect(page.locator('canvas').count()).resolves.toBe(0);
    await context.close();
  });

  it('toasts "Link Expired" for an expired link and goes home', async () => {
    const { context, page } = await openApp();
    const { token } = await newLink(new Date(Date.now() - 1000));

    await page.goto(`/credit-application/${token}`);

    await expectToast(page, { title: 'Link Expired', description: LINK_EXPIRED_MESSAGE, variant: 'destructive' });
    // Home is the staff app: a visitor without an account ends on the sign-in page.
    await expectPath(page, '/auth');
    await expectAccessible(page);
    await context.close();
  });

  it('toasts "Invalid Link" for a link that does not exist and goes home', async () => {
    const { context, page } = await openApp();

    await page.goto(`/credit-application/${randomBytes(16).toString('base64url')}`);

    await expectToast(page, { title: 'Invalid Link', description: INVALID_LINK_MESSAGE, variant: 'destructive' });
    await expectPath(page, '/auth');
    await context.close();
  });
});

describe('the embedded credit form page', () => {
  it("shows the type's form with Open in New Tab and Back to the deal", async () => {
    const { context, page } = await openApp();

    await page.goto('/credit-application/embed?type=mbfs&dealId=01DEALFOREMBED');

    await page.getByRole('heading', { level: 1, name: 'Credit Application' }).waitFor();
    await page.getByText('MBFS form').waitFor();
    const frame = page.locator('iframe[title="Credit application form"]');
    const src = new URL((await frame.getAttribute('src'))!);
    expect([src.searchParams.get('type'), src.searchParams.get('dealId')]).toEqual(['mbfs', '01DEALFOREMBED']);
    const openInNewTab = page.getByRole('link', { name: 'Open in New Tab' });
    await expect.poll(() => openInNewTab.getAttribute('href')).toBe(src.toString());
    await expect.poll(() => openInNewTab.getAttribute('target')).toBe('_blank');
    await expect.poll(() => page.getByRole('link', { name: 'Back to Deal' }).getAttribute('href')).toBe('/deals/01DEALFOREMBED');
    await page
      .frameLocator('iframe[title="Credit application form"]')
      .getByText(/opened without an application link/)
      .waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('goes back to the previous page without a deal', async () => {
    const { context, page } = await openApp();
    await page.goto('/credit-application/any/thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();

    await page.goto('/credit-application/embed?type=bmwfs');
    await page.getByText('BMWFS form').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();

    await expectPath(page, '/credit-application/any/thank-you');
    await context.close();
  });
});

describe("the deal's credit application card", () => {
  it('lets an admin regenerate the link: the card shows the new one and the old one stops working', async () => {
    const { context, page } = await openApp();
    const { token, deal } = await newLink(inDays(30));
    const admin = DEMO_USERS.find((user) => user.key === 'admin')!;
    await signIn(page, admin.email, DEMO_PASSWORD);
    await expectPath(page, '/');

    await page.goto(`/deals/${deal.id}`);
    const field = page.getByLabel('Credit application link');
    await expect(field.inputValue()).resolves.toMatch(new RegExp(`/credit-application/${token}$`));
    await page.getByRole('button', { name: 'Regenerate Link' }).click();

    await expectToast(page, {
      title: 'New link created',
      description: 'The previous credit application link no longer works.',
      variant: 'success',
    });
    await expect(field.inputValue()).resolves.not.toContain(token);
    await page.getByText(/^Valid until /).waitFor();
    await expectAccessible(page);
    expect((await createData().creditApplications.get(token))?.status).toBe('invalid');
    await context.close();
  });
});
