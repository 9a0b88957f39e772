/**
 * /academy in Chromium (docs/decisions.md, "Academy"): a broker opens an item from a category tab,
 * marks it complete and the progress moves on the academy, the profile and the dashboard card; a test is answered
 * and its score shown; an admin creates and publishes an item in "Manage content" and a broker sees it; a dealer is
 * turned away with the required words. axe on every page and dialog.
 */
import { describe, expect, it } from 'vitest';
import type { AcademyResponse } from '@shared/academy/api';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, signIn, useWebApp, type TestPage } from './browser';

const openApp = useWebApp();
const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;
const tag = () => Math.random().toString(36).slice(2, 8);

async function academyOf(key: string): Promise<AcademyResponse> {
  const { idToken } = await signInApi(demo(key).email, DEMO_PASSWORD);
  const response = await apiFetch<AcademyResponse>('/academy', { token: idToken });
  expect(response.status).toBe(200);
  return response.body;
}

async function openAcademy({ page }: TestPage, key: string) {
  await signIn(page, demo(key).email, DEMO_PASSWORD);
  await expectPath(page, '/');
  await page.goto('/academy');
  await page.getByRole('heading', { level: 1, name: 'Academy' }).waitFor();
  await page.getByRole('tablist', { name: 'Academy categories' }).waitFor();
}

const progressOf = (page: TestPage['page']) => page.getByRole('progressbar', { name: 'Your progress' });

describe('/academy', () => {
  it('lets a broker complete an item: the progress moves on the academy, the profile and the dashboard', async () => {
    const app = await openApp();
    const { page } = app;
    const before = await academyOf('broker');
    const next = before.items.find((item) => !item.completed && item.contentType !== 'test');
    if (!next) throw new Error('The demo broker has nothing left to complete');
    const expected = Math.round(((before.progress.completed + 1) / before.progress.published) * 100);

    await openAcademy(app, 'broker');
    await expect(page.title()).resolves.toBe('Academy · LeaseDesk');
    await expect.poll(() => progressOf(page).getAttribute('aria-valuenow')).toBe(String(before.progress.percent));
    await expectAccessible(page);

    // The tabs follow the keyboard: the arrow moves to the next category.
    await page.getByRole('tab', { name: before.categories[0], exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: before.categories[1], exact: true, selected: true }).waitFor();

    await page.getByRole('tab', { name: next.category }).click();
    await page.getByRole('button', { name: next.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: next.title });
    await dialog.waitFor();
    await expectAccessible(page, 'dialog');
    // The button's name contains its visible label (WCAG 2.5.3).
    await dialog.getByRole('button', { name: `Mark as Complete: ${next.title}`, exact: true }).click();
    const done = dialog.getByRole('button', { name: `Completed: ${next.title}`, exact: true });
    await done.waitFor();
    await expect(done.isDisabled()).resolves.toBe(true);
    await expect.poll(() => progressOf(page).getAttribute('aria-valuenow')).toBe(String(expected));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: next.title, exact: true }) })
      .getByText('Completed')
      .waitFor();

    // The server kept it: a reload shows the same progress.
    await page.reload();
    await expect.poll(() => progressOf(page).getAttribute('aria-valuenow')).toBe(String(expected));

    // The dashboard's Academy card.
    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(`^Academy ${expected}%`) }).waitFor();

    // The profile's Academy Progress card reads the same figure (GET /profile).
    await page.goto('/profile');
    const profileCard = page.getByRole('region', { name: 'Academy Progress' });
    await expect.poll(() => profileCard.getByRole('progressbar').getAttribute('value')).toBe(String(expected));
    await profileCard.getByText(`${expected}%`, { exact: true }).first().waitFor();
    await app.context.close();
  });

  it('lets a broker answer a test: every question first, then the score is recorded', async () => {
    const app = await openApp();
    const { page } = app;
    const before = await academyOf('broker');
    const quiz = before.items.find((item) => item.contentType === 'test' && !item.completed);
    if (!quiz?.questions) throw new Error('The demo broker has no test left to take');

    await openAcademy(app, 'broker');
    await page.getByRole('tab', { name: quiz.category }).click();
    await page.getByRole('button', { name: quiz.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: quiz.title });
    await dialog.getByRole('button', { name: 'Submit answers and complete' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/Answer every question/)
      .waitFor();

    for (const question of quiz.questions) {
      await dialog.getByRole('group', { name: question.prompt }).getByRole('radio').first().check();
    }
    // The title is not clipped: the whole heading is inside the dialog's box, left of the close button.
    const title = await dialog.getByRole('heading', { level: 2, name: quiz.title }).evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      const frame = heading.closest('dialog')!.getBoundingClientRect();
      return { fits: heading.scrollWidth <= heading.clientWidth + 1, inside: box.top >= frame.top && box.right <= frame.right };
    });
    expect(title).toEqual({ fits: true, inside: true });
    // Each question's number sits on the line of its prompt.
    const offsets = await dialog.locator('ol > li').evaluateAll((items) =>
      items.map((item) => {
        const legend = item.querySelector('legend')!.getBoundingClientRect();
        const number = item.querySelector('[data-question-number]')!.getBoundingClientRect();
        return Math.abs(number.top - legend.top);
      }),
    );
    expect(offsets.every((offset) => offset < 2)).toBe(true);
    await saveScreenshot(page, 'academy-test-dialog');
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Submit answers and complete' }).click();
    await dialog
      .getByRole('status')
      .getByText(/^Completed with a score of \d+%$/)
      .waitFor();
    // Each question says in words whether it was answered correctly (the failed ones "Incorrect"), as the score counts.
    const verdicts: string[] = [];
    for (const question of quiz.questions) {
      const group = dialog.getByRole('group', { name: question.prompt });
      await expect.poll(() => group.getByText(/^(Correct|Incorrect)$/).count()).toBe(1);
      verdicts.push((await group.getByText(/^(Correct|Incorrect)$/).textContent()) ?? '');
    }

    const after = await academyOf('broker');
    const recorded = after.items.find((item) => item.id === quiz.id);
    expect(recorded).toMatchObject({ completed: true, score: expect.any(Number) });
    const correct = verdicts.filter((verdict) => verdict === 'Correct').length;
    expect(recorded?.score).toBe(Math.round((correct / quiz.questions.length) * 100));
    await app.context.close();
  });

  it('lets an admin create and publish an item in Manage content, and a broker then sees it', async () => {
    const admin = await openApp();
    const title = `Lease-end options ${tag()}`;
    await openAcademy(admin, 'admin');
    await admin.page.getByRole('button', { name: 'Manage content' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Manage Academy Content' }).waitFor();
    await admin.page.getByRole('table').waitFor();
    await expectAccessible(admin.page);

    await admin.page.getByRole('button', { name: 'New content' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New Content' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Category').fill('1. Leasing Basics');
    await dialog
      .getByLabel('Article text')
      .fill('## At lease end\n\nReturn the car, buy it, or trade it in.\n\n- Inspect it early');
    await dialog.getByLabel('Duration (minutes)').fill('4');
    await expectAccessible(admin.page, 'dialog');
    await dialog.getByRole('button', { name: 'Create Content' }).click();
    await expectToast(admin.page, { title: 'Content created', description: `${title} was added.`, variant: 'success' });

    const row = admin.page.getByRole('row').filter({ hasText: title });
    await row.getByText('Draft').waitFor();
    expect((await academyOf('broker')).items.some((item) => item.title === title)).toBe(false);

    await row.getByRole('switch', { name: `Published: ${title}` }).click();
    await expectToast(admin.page, {
      title: 'Content published',
      description: `${title} is now shown to brokers.`,
      variant: 'success',
    });
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    const broker = await openApp();
    await openAcademy(broker, 'broker');
    await broker.page.getByRole('tab', { name: '1. Leasing Basics' }).click();
    await broker.page.getByRole('button', { name: title, exact: true }).click();
    const article = broker.page.getByRole('dialog', { name: title });
    await article.getByRole('heading', { name: 'At lease end' }).waitFor();
    await article.getByRole('listitem').getByText('Inspect it early').waitFor();
    await broker.context.close();

    // Leave the published count as the seed made it for the other suites.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await admin.page.getByRole('dialog', { name: 'Delete Content' }).getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.context.close();
  });

  it('turns a dealer away with "Access Denied" / "The Academy is only available to brokers and admins"', async () => {
    const { context, page } = await openApp();
    await signIn(page, demo('dealer').email, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/academy');
    await expectToast(page, {
      title: 'Access Denied',
      description: 'The Academy is only available to brokers and admins',
      variant: 'destructive',
    });
    await expectPath(page, '/dashboard');
    await context.close();
  });
});
