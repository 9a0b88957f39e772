/**
 * Tasks through the local API (docs/decisions.md, "Tasks"): a broker's own tasks and nobody else's (another
 * broker's task is 404 to read and to change), who may assign whom, the stale revision (409), validation (400 with
 * the field's message), a record's tasks, the settings; and the morning reminder job run twice sending one e-mail
 * with a calendar file per task.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { createMailer } from '@functions/lib/mailer';
import type { ApiErrorBody } from '@shared/errors';
import {
  TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE,
  TASK_DUE_DATE_INVALID_MESSAGE,
  TASK_STALE_MESSAGE,
  TASK_TITLE_REQUIRED_MESSAGE,
  TIME_ZONE_INVALID_MESSAGE,
  type RecordTasksResponse,
  type TaskListResponse,
  type TaskResponse,
  type TaskSettings,
} from '@shared/tasks/api';
import { plusDays, wallClock } from '@shared/tasks/rules';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch, createUser, getStack, readMailbox, signIn, TEST_PASSWORD, uniqueEmail } from '@test/support/stack';
import { remindTasksStore } from './data/remind-tasks';
import { remindTasks } from './remind-tasks';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const idOf = (caller: SignedInCaller) => principals.of[caller].userId;
const today = () => new Date().toISOString().slice(0, 10);

const create = (caller: SignedInCaller, body: Record<string, unknown>) =>
  apiFetch<TaskResponse & ApiErrorBody>('/tasks', {
    token: as(caller),
    body: { title: `Call back ${randomUUID().slice(0, 8)}`, dueDate: today(), dueTime: '10:00', timeZone: 'UTC', ...body },
  });

describe('tasks', () => {
  it('a broker creates a task for themselves and finds it in their list; another broker cannot read or change it', async () => {
    const { status, body } = await create('broker', { notes: 'Ask about the trade-in' });
    expect(status).toBe(201);
    expect(body.task).toMatchObject({ assigneeId: idOf('broker'), status: 'open', source: 'manual', revision: 1 });
    const id = body.task.id;

    const mine = await apiFetch<TaskListResponse>('/tasks?status=open&due=all', { token: as('broker') });
    expect(mine.body.tasks.map((task) => task.id)).toContain(id);
    const theirs = await apiFetch<TaskListResponse>('/tasks?status=open&due=all', { token: as('otherBroker') });
    expect(theirs.body.tasks.map((task) => task.id)).not.toContain(id);

    expect((await apiFetch(`/tasks/${id}`, { token: as('otherBroker') })).status).toBe(404);
    const patch = await apiFetch(`/tasks/${id}`, {
      token: as('otherBroker'),
      method: 'PATCH',
      body: { revision: 1, title: 'Mine now' },
    });
    expect(patch.status).toBe(404);
    const done = await apiFetch(`/tasks/${id}/status`, { token: as('otherBroker'), body: { status: 'done', revision: 1 } });
    expect(done.status).toBe(404);
    expect((await apiFetch<TaskResponse>(`/tasks/${id}`, { token: as('broker') })).body.task.title).toBe(body.task.title);

    // The admin sees everyone's, and one assignee's.
    const admin = await apiFetch<TaskListResponse>(`/tasks?status=open&due=all&assignee=${idOf('broker')}`, {
      token: as('admin'),
    });
    expect(admin.body.tasks.map((task) => task.id)).toContain(id);
  });

  it('a broker may assign only to themselves; an admin may assign a broker', async () => {
    const refused = await create('broker', { assigneeId: idOf('otherBroker') });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE);

    const given = await create('admin', { assigneeId: idOf('otherBroker') });
    expect(given.status).toBe(201);
    const list = await apiFetch<TaskListResponse>('/tasks?due=all', { token: as('otherBroker') });
    expect(list.body.tasks.map((task) => task.id)).toContain(given.body.task.id);
    expect(list.body.tasks.find((task) => task.id === given.body.task.id)?.assigneeName).toBe('Owen Otherbroker');
  });

  it('marks done with the revision read; a stale revision is 409 and changes nothing', async () => {
    const { body } = await create('broker', {});
    const id = body.task.id;
    const edited = await apiFetch<TaskResponse>(`/tasks/${id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { revision: 1, title: 'Send the lease offer', dueTime: '15:30' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.task).toMatchObject({ title: 'Send the lease offer', dueTime: '15:30', revision: 2 });

    const stale = await apiFetch<ApiErrorBody>(`/tasks/${id}/status`, {
      token: as('broker'),
      body: { status: 'done', revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(TASK_STALE_MESSAGE);
    expect((await apiFetch<TaskResponse>(`/tasks/${id}`, { token: as('broker') })).body.task.status).toBe('open');

    const done = await apiFetch<TaskResponse>(`/tasks/${id}/status`, {
      token: as('broker'),
      body: { status: 'done', revision: 2 },
    });
    expect(done.body.task).toMatchObject({ status: 'done', revision: 3 });
    const open = await apiFetch<TaskListResponse>('/tasks?status=open&due=all', { token: as('broker') });
    expect(open.body.tasks.map((task) => task.id)).not.toContain(id);
    const closed = await apiFetch<TaskListResponse>('/tasks?status=done&due=all', { token: as('broker') });
    expect(closed.body.tasks.map((task) => task.id)).toContain(id);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const { status, body } = await apiFetch<ApiErrorBody>('/tasks', {
      token: as('broker'),
      body: { title: '  ', dueDate: '2026-02-30', dueTime: '10:00', timeZone: 'Mars/Olympus' },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toMatchObject({
      title: TASK_TITLE_REQUIRED_MESSAGE,
      dueDate: TASK_DUE_DATE_INVALID_MESSAGE,
      timeZone: TIME_ZONE_INVALID_MESSAGE,
    });
  });

  it("lists a deal's open tasks on the deal, and reads the due windows in the caller's zone", async () => {
    const deal = principals.records.consumerDeal;
    const { body } = await create('broker', { link: { kind: 'deal', id: deal }, dueDate: plusDays(today(), 3) });
    const of = await apiFetch<RecordTasksResponse>(`/tasks/of/deal/${deal}`, { token: as('broker') });
    expect(of.body.tasks.find((task) => task.id === body.task.id)?.link).toEqual({
      kind: 'deal',
      id: deal,
      path: `/deals/${deal}`,
    });
    expect(
      (await apiFetch<RecordTasksResponse>(`/tasks/of/deal/${deal}`, { token: as('otherBroker') })).body.tasks,
    ).not.toContainEqual(expect.objectContaining({ id: body.task.id }));
    const week = await apiFetch<TaskListResponse>('/tasks?due=week', { token: as('broker') });
    expect(week.body.tasks.map((task) => task.id)).toContain(body.task.id);
    const overdue = await apiFetch<TaskListResponse>('/tasks?due=overdue', { token: as('broker') });
    expect(overdue.body.tasks.map((task) => task.id)).not.toContain(body.task.id);

    const missing = await create('broker', { link: { kind: 'deal', id: 'NOSUCHDEAL' } });
    expect(missing.status).toBe(400);
  });

  it("links only a record the caller could open: another broker's lead, and in own book their client or deal, is answered as one that does not exist", async () => {
    const absent = await create('otherBroker', { link: { kind: 'lead', id: 'NOSUCHLEAD' } });
    expect(absent.status).toBe(400);
    const foreignLead = await create('otherBroker', { link: { kind: 'lead', id: principals.records.brokerLead } });
    expect([foreignLead.status, foreignLead.body]).toEqual([absent.status, absent.body]);
    expect((await create('broker', { link: { kind: 'lead', id: principals.records.brokerLead } })).status).toBe(201);
    // The shared book: every broker opens every deal, so any broker may link it.
    expect((await create('otherBroker', { link: { kind: 'deal', id: principals.records.consumerDeal } })).status).toBe(201);

    await setClientBook('own');
    try {
      const records = [
        { kind: 'client', id: principals.records.consumerClient, page: `/clients/${principals.records.consumerClient}` },
        { kind: 'deal', id: principals.records.consumerDeal, page: `/deals/${principals.records.consumerDeal}` },
      ] as const;
      for (const { kind, id, page } of records) {
        expect((await apiFetch(page, { token: as('otherBroker') })).status, page).toBe(404);
        const missing = await create('otherBroker', { link: { kind, id: `NOSUCH${kind.toUpperCase()}` } });
        const refused = await create('otherBroker', { link: { kind, id } });
        expect([refused.status, refused.body], kind).toEqual([400, missing.body]);
        expect((await create('broker', { link: { kind, id } })).status, kind).toBe(201);
        expect((await create('admin', { link: { kind, id } })).status, kind).toBe(201);
      }
    } finally {
      await setClientBook('shared');
    }
  });

  it('keeps the time zone and the morning e-mail switch', async () => {
    const put = await apiFetch<TaskSettings>('/task-settings', {
      token: as('unlicensedBroker'),
      method: 'PUT',
      body: { timeZone: 'Asia/Kolkata', morningEmail: false },
    });
    expect(put.body).toEqual({ timeZone: 'Asia/Kolkata', morningEmail: false });
    expect((await apiFetch<TaskSettings>('/task-settings', { token: as('unlicensedBroker') })).body).toEqual({
      timeZone: 'Asia/Kolkata',
      morningEmail: false,
    });
  });
});

/** A zone whose local time is now between 08:00 and 22:00 (one always exists: offsets span 26 hours). */
function zoneInTheMorning(now: Date): string {
  for (let hours = -12; hours <= 14; hours++) {
    const zone = hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    const { time } = wallClock(now, zone);
    if (time >= '08:00' && time < '22:00') return zone;
  }
  throw new Error('no zone in the morning');
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  attachments?: { filename: string; content: string }[];
}

describe('the morning reminder', () => {
  it('sends one e-mail per user and day, however often the job runs, with a calendar file per task', async () => {
    const data = createData();
    const now = new Date();
    const zone = zoneInTheMorning(now);
    const email = uniqueEmail('tasks.reminder');
    const { userId } = await createUser('admin', email);
    await data.users.create({ userId, role: 'admin', fullName: 'Rita Reminder', email }, now);
    const local = wallClock(now, zone).date;
    const overdueTask = `Overdue ${randomUUID().slice(0, 6)}`;
    const todayTask = `Today ${randomUUID().slice(0, 6)}`;
    const token = await signIn(email, TEST_PASSWORD);
    for (const [title, dueDate, dueTime] of [
      [overdueTask, plusDays(local, -2), '09:00'],
      [todayTask, local, '23:00'],
      ['Next week', plusDays(local, 6), '09:00'],
    ] as const) {
      const created = await apiFetch('/tasks', { token: token.idToken, body: { title, dueDate, dueTime, timeZone: zone } });
      expect(created.status).toBe(201);
    }
    // Due since a minute ago (as if the first task had been made before this morning's 08:00).
    const settings = await data.tasks.settings(userId);
    await data.tasks.putSettings({ ...settings!, timeZone: zone, reminderAt: new Date(now.getTime() - 60_000).toISOString() });

    const store = remindTasksStore(data.table);
    const mailer = createMailer();
    const appUrl = getStack().urls.web;
    await Promise.all([remindTasks(store, mailer, appUrl, now), remindTasks(store, mailer, appUrl, now)]);
    await remindTasks(store, mailer, appUrl, new Date(now.getTime() + 60_000));

    const mine = async () =>
      ((await readMailbox()) as unknown as StoredMail[]).filter((message) => message.destination.to.includes(email));
    await expect.poll(async () => (await mine()).length).toBe(1);
    const [message] = await mine();
    expect(message!.subject).toBe(`Your tasks for ${local}: 2 tasks`);
    const files = message!.attachments ?? [];
    expect(files).toHaveLength(2);
    const calendars = files.map((file) => Buffer.from(file.content, 'base64').toString('utf8'));
    expect(calendars.join('\n')).toContain(`SUMMARY:${overdueTask}`);
    expect(calendars.join('\n')).toContain(`SUMMARY:${todayTask}`);
    for (const calendar of calendars) {
      expect(calendar).toMatch(/UID:task-[0-9A-Z]+@leasedesk/);
      expect(calendar).toContain('TRIGGER:-PT15M');
    }
    expect((await data.tasks.settings(userId))?.lastReminderDay).toBe(local);
  });
});
