/**
 * Changing tasks in Chromium (docs/decisions.md, "Tasks"): the demo broker edits a task from My day (an emptied title
 * refused with focus on it; a new due date moves the task from Overdue to the next 7 days), meets a task changed
 * meanwhile (the 409 said, the task read again, the save then goes through), cancels a task on /tasks after the
 * confirmation (it leaves the open list) and reopens it from the cancelled ones; and adds a task from a client on
 * /clients (the "Tasks" row action), finds it on /tasks and follows its link back to the client's tasks dialog, where
 * it is marked done.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import { formatDate } from '@shared/format';
import {
  TASK_CANCELLED_MESSAGE,
  TASK_CREATED_MESSAGE,
  TASK_DONE_MESSAGE,
  TASK_RELOADED_MESSAGE,
  TASK_REOPENED_MESSAGE,
  TASK_TITLE_REQUIRED_MESSAGE,
  TASK_UPDATED_MESSAGE,
  type TaskListResponse,
  type TaskResponse,
} from '@shared/tasks/api';
import { plusDays } from '@shared/tasks/rules';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectToast, isFocused, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const FLOW_TIMEOUT_MS = 300_000;
/** Waits on the page's state as long as a locator step would (a busy machine compiles a screen on its first visit). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
/** Letters only (client names refuse digits): keeps each run's records apart. */
const tag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

let brokerToken: string;

beforeAll(async () => {
  brokerToken = (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
  // The dev server compiles the app on its first request: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

/** Adds a task of the signed-in broker on /tasks, due today (the dialog's default day) at `time`; answers that day. */
async function addTaskOnTasksPage(page: Page, title: string, time: string): Promise<string> {
  await page.goto('/tasks');
  await poll(() => page.title()).toMatch(/^Tasks/);
  await page.getByRole('main').getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Due time').fill(time);
  const today = await dialog.getByLabel('Due date').inputValue();
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expectToast(page, { title: TASK_CREATED_MESSAGE, description: title, variant: 'success' });
  await page.getByRole('list', { name: 'Tasks' }).getByText(title).waitFor();
  return today;
}

/** The broker's open task titled `title`, as the API has it now. */
async function openTaskTitled(title: string): Promise<TaskResponse['task']> {
  const response = await apiFetch<TaskListResponse>('/tasks?status=open', { token: brokerToken });
  expect(response.status).toBe(200);
  const task = response.body.tasks.find((candidate) => candidate.title === title);
  if (!task) throw new Error(`No open task "${title}"`);
  return task;
}

describe('changing tasks', () => {
  it(
    'edits a task from My day: a new due date moves it from Overdue to the next 7 days',
    async () => {
      const title = `Send the lease papers ${tag()}`;
      const { context, page } = await openApp();
      await signInAs(page, 'broker');
      // Due at midnight today: overdue.
      const today = await addTaskOnTasksPage(page, title, '00:00');
      const tomorrow = plusDays(today, 1);

      await page.goto('/dashboard');
      const overdue = page.getByRole('list', { name: 'Overdue tasks' });
      await overdue.getByText(title).waitFor();
      await overdue.getByRole('button', { name: `Edit: ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit task' });
      // The form holds the task as it is: its title, day and time.
      await poll(() => dialog.getByLabel('Title').inputValue()).toBe(title);
      await expect(dialog.getByLabel('Due date').inputValue()).resolves.toBe(today);
      await expect(dialog.getByLabel('Due time').inputValue()).resolves.toBe('00:00');
      await expectAccessible(page, 'dialog[open]');

      // An emptied title is refused on its field, which gets the focus.
      await dialog.getByLabel('Title').fill('');
      await dialog.getByRole('button', { name: 'Save task' }).click();
      await dialog.getByText(TASK_TITLE_REQUIRED_MESSAGE).waitFor();
      await poll(() => isFocused(dialog.getByLabel('Title'))).toBe(true);

      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Due date').fill(tomorrow);
      await dialog.getByRole('button', { name: 'Save task' }).click();
      await expectToast(page, { title: TASK_UPDATED_MESSAGE, description: title, variant: 'success' });
      await poll(() => dialog.isVisible()).toBe(false);

      const upcoming = page.getByRole('list', { name: 'Tasks of the next 7 days' });
      const row = upcoming.getByTestId('task-row').filter({ hasText: title });
      await poll(() => row.textContent()).toContain(`Due ${formatDate(tomorrow)} 00:00`);
      await poll(() => page.getByRole('list', { name: 'Overdue tasks' }).getByText(title).count()).toBe(0);
      await expect(openTaskTitled(title)).resolves.toMatchObject({ dueDate: tomorrow, dueTime: '00:00' });
      await saveScreenshot(page, 'task-edit-my-day');
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'says so when the task changed meanwhile, shows it as it is now and saves the next try',
    async () => {
      const title = `Check the residual ${tag()}`;
      const { context, page } = await openApp();
      await signInAs(page, 'broker');
      await addTaskOnTasksPage(page, title, '17:00');
      const list = page.getByRole('list', { name: 'Tasks' });
      await list.getByRole('button', { name: `Edit: ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit task' });
      await poll(() => dialog.getByLabel('Title').inputValue()).toBe(title);

      // Meanwhile, elsewhere (another tab): the notes change.
      const read = await openTaskTitled(title);
      const elsewhere = await apiFetch<TaskResponse>(`/tasks/${read.id}`, {
        token: brokerToken,
        method: 'PATCH',
        body: { revision: read.revision, notes: 'Changed in another tab' },
      });
      expect(elsewhere.status).toBe(200);

      const renamed = `${title} today`;
      await dialog.getByLabel('Title').fill(renamed);
      await dialog.getByRole('button', { name: 'Save task' }).click();
      await expectToast(page, { title: 'Error', description: TASK_RELOADED_MESSAGE, variant: 'destructive' });
      // The dialog stays, with the task as it is now.
      await dialog.getByRole('status').filter({ hasText: TASK_RELOADED_MESSAGE }).waitFor();
      await poll(() => dialog.getByLabel('Notes').inputValue()).toBe('Changed in another tab');
      await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe(title);

      await dialog.getByLabel('Title').fill(renamed);
      await dialog.getByRole('button', { name: 'Save task' }).click();
      await expectToast(page, { title: TASK_UPDATED_MESSAGE, description: renamed, variant: 'success' });
      await list.getByText(renamed, { exact: true }).waitFor();
      await expect(openTaskTitled(renamed)).resolves.toMatchObject({ notes: 'Changed in another tab' });
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'cancels a task after the confirmation: it leaves the open list, and reopens from the cancelled ones',
    async () => {
      const title = `Ask for the insurance card ${tag()}`;
      const { context, page } = await openApp();
      await signInAs(page, 'broker');
      await addTaskOnTasksPage(page, title, '16:00');
      const list = page.getByRole('list', { name: 'Tasks' });

      // "Keep task" keeps it.
      await list.getByRole('button', { name: `Cancel task: ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel task' });
      await confirm.getByText(title).waitFor();
      await expectAccessible(page, 'dialog[open]');
      await confirm.getByRole('button', { name: 'Keep task' }).click();
      await poll(() => confirm.isVisible()).toBe(false);
      await expect(list.getByText(title).count()).resolves.toBe(1);

      await list.getByRole('button', { name: `Cancel task: ${title}` }).click();
      await confirm.getByRole('button', { name: 'Cancel task' }).click();
      await expectToast(page, { title: TASK_CANCELLED_MESSAGE, description: title, variant: 'success' });
      await poll(() => page.getByRole('main').getByText(title).count()).toBe(0);
      await expect(openTaskTitled(title)).rejects.toThrow(/No open task/);

      await page.getByLabel('Status').selectOption('cancelled');
      const cancelled = page.getByRole('list', { name: 'Tasks' });
      await cancelled.getByTestId('task-row').filter({ hasText: title }).getByText('Cancelled', { exact: false }).waitFor();
      await cancelled.getByRole('button', { name: `Reopen: ${title}` }).click();
      await expectToast(page, { title: TASK_REOPENED_MESSAGE, description: title, variant: 'success' });
      await poll(() => page.getByRole('main').getByText(title).count()).toBe(0);
      await page.getByLabel('Status').selectOption('open');
      await page.getByRole('list', { name: 'Tasks' }).getByText(title).waitFor();
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "adds a task from a client's row on /clients, finds it on /tasks and follows its link back to the client's tasks",
    async () => {
      const name = `Nora ${tag()} Quinn`;
      const created = await apiFetch<ClientView>('/clients', {
        token: brokerToken,
        body: { fullName: name, email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com` },
      });
      expect(created.status).toBe(201);
      const client = created.body;
      const title = `Call ${name} about the renewal`;

      const { context, page } = await openApp();
      await signInAs(page, 'broker', '/clients');
      await page.getByRole('searchbox', { name: 'Search clients' }).fill(name);
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await row.getByRole('button', { name: `Tasks of ${name}` }).click();
      const tasks = page.getByRole('dialog', { name: 'Tasks', exact: true });
      await tasks.getByText(`Open tasks of ${name}`).waitFor();
      await tasks.getByText('No open tasks for this client.').waitFor();
      await poll(() => new URL(page.url()).searchParams.get('tasks')).toBe(client.id);

      await tasks.getByRole('button', { name: 'Add task' }).click();
      const add = page.getByRole('dialog', { name: 'Add task' });
      await add.getByLabel('Title').fill(title);
      await add.getByRole('button', { name: 'Add task' }).click();
      await expectToast(page, { title: TASK_CREATED_MESSAGE, description: title, variant: 'success' });
      // The add dialog closes; the client's tasks stay open and list the new one.
      await poll(() => add.isVisible()).toBe(false);
      await tasks.getByRole('list', { name: 'Open tasks of this client' }).getByText(title).waitFor();
      await expectAccessible(page, 'dialog[open]');
      await saveScreenshot(page, 'task-edit-client-tasks', { fullPage: false });
      await tasks.getByRole('button', { name: 'Close dialog' }).click();
      await poll(() => new URL(page.url()).searchParams.has('tasks')).toBe(false);

      await page.goto('/tasks');
      await page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: title }).click();
      await poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/clients?tasks=${client.id}`);
      const linked = page.getByRole('dialog', { name: 'Tasks', exact: true });
      await linked.getByText(`Open tasks of ${name}`).waitFor();
      const list = linked.getByRole('list', { name: 'Open tasks of this client' });
      await list.getByRole('button', { name: `Mark done: ${title}` }).click();
      await expectToast(page, { title: TASK_DONE_MESSAGE, description: title, variant: 'success' });
      await linked.getByText('No open tasks for this client.').waitFor();
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
