/**
 * A broker's day in Chromium (docs/decisions.md, "Tasks"): the demo broker adds a task from one of their deals (the
 * empty title is refused with focus on it, then the task is added with a toast and listed on the deal), finds it in My
 * day on the dashboard, overdue (due at midnight today), and marks it done from there: it leaves My day.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_USERS } from '@infra/local/config';
import { TASK_CREATED_MESSAGE, TASK_DONE_MESSAGE, TASK_TITLE_REQUIRED_MESSAGE } from '@shared/tasks/api';
import { expectAccessible, expectToast, isFocused, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const FLOW_TIMEOUT_MS = 300_000;

describe('tasks', () => {
  it(
    'adds a task from a deal page, shows it in My day on the dashboard and marks it done from there',
    async () => {
      const data = createData();
      const broker = (await data.users.listBrokers(true)).find((profile) => profile.email === DEMO_USERS[1].email)!;
      const deal = (await data.deals.listByStatus('active')).find((candidate) => candidate.brokerId === broker.userId);
      if (!deal) throw new Error('The seed has no active deal of the demo broker');
      const title = `Call about the lease ${randomUUID().slice(0, 8)}`;

      const { context, page } = await openApp();
      await signInAs(page, 'broker', `/deals/${deal.id}`);
      const tasks = page.getByRole('region', { name: 'Tasks' });
      await tasks.getByRole('button', { name: 'Add task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add task' });
      await dialog.getByLabel('Title').waitFor();
      // Nothing typed: refused, the title says why and has the focus.
      await dialog.getByRole('button', { name: 'Add task' }).click();
      await dialog.getByText(TASK_TITLE_REQUIRED_MESSAGE).waitFor();
      await expect.poll(() => isFocused(dialog.getByLabel('Title'))).toBe(true);

      await dialog.getByLabel('Title').fill(title);
      // Due today (the dialog's default day) at midnight: already overdue.
      await dialog.getByLabel('Due time').fill('00:00');
      await dialog.getByRole('button', { name: 'Add task' }).click();
      await expectToast(page, { title: TASK_CREATED_MESSAGE, description: title, variant: 'success' });
      await tasks.getByRole('list', { name: 'Open tasks of this deal' }).getByText(title).waitFor();

      await page.goto('/dashboard');
      await expect.poll(() => page.title()).toMatch(/^Dashboard/);
      const overdue = page.getByRole('list', { name: 'Overdue tasks' });
      await overdue.getByText(title).waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, 'tasks-my-day-broker');
      await overdue.getByRole('button', { name: `Mark done: ${title}` }).click();
      await expectToast(page, { title: TASK_DONE_MESSAGE, description: title, variant: 'success' });
      await expect.poll(() => page.getByRole('main').getByText(title).count()).toBe(0);

      await page.goto('/tasks');
      await expect.poll(() => page.title()).toMatch(/^Tasks/);
      await page.getByLabel('Status').selectOption('done');
      await page.getByRole('list', { name: 'Tasks' }).getByText(title).waitFor();
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "keeps the broker's time zone and morning e-mail switch from the profile",
    async () => {
      const data = createData();
      const broker = (await data.users.listBrokers(true)).find((profile) => profile.email === DEMO_USERS[1].email)!;
      const before = await data.tasks.settings(broker.userId);
      const { context, page } = await openApp();
      try {
        await signInAs(page, 'broker', '/profile');
        const form = page.getByRole('form', { name: 'Task settings' });
        await form.getByLabel('Time zone').selectOption('Europe/Paris');
        const email = form.getByRole('checkbox', { name: 'Morning task e-mail' });
        await expect.poll(() => email.getAttribute('aria-checked')).toBe(String(before?.morningEmail ?? true));
        if ((await email.getAttribute('aria-checked')) === 'true') await email.click();
        await form.getByRole('button', { name: 'Save task settings' }).click();
        await page.getByText('Task settings saved').waitFor();

        await page.reload();
        const reloaded = page.getByRole('form', { name: 'Task settings' });
        await expect.poll(() => reloaded.getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
        await expect
          .poll(() => reloaded.getByRole('checkbox', { name: 'Morning task e-mail' }).getAttribute('aria-checked'))
          .toBe('false');
        await expectAccessible(page);
      } finally {
        await context.close();
        if (before) await data.tasks.putSettings(before);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
