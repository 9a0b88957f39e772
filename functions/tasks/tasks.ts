/**
 * The tasks feature's service (docs/decisions.md, "Tasks"). Admins see and change every task and
 * assign any broker (or admin); a broker sees and changes only the tasks assigned to them or made by them (anyone
 * else's is 404, as if it did not exist) and assigns only to themselves. Consumers and dealers never reach here
 * (the route table). Every change carries the revision read: a stale one is 409, nothing written.
 */
import { ulid } from 'ulid';
import { inBook } from '@shared/auth/ownership';
import { canSeeLead } from '@shared/leads/rules';
import type { TaskLinkKind, TaskStatus } from '@shared/tasks/enums';
import {
  TASK_ASSIGNEE_NOT_A_BROKER_MESSAGE,
  TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE,
  TASK_LINK_NOT_FOUND_MESSAGE,
  TASK_NOT_FOUND_MESSAGE,
  TASK_PAGE_SIZE,
  TASK_STALE_MESSAGE,
  type CreateTaskBody,
  type TaskItem,
  type TaskListResponse,
  type TaskSettings,
  type UpdateTaskBody,
  type UpdateTaskSettings,
} from '@shared/tasks/api';
import { dueInstant, dueWindowRange, firstReminderAt, mayAccess, mayAssign, type DueWindow } from '@shared/tasks/rules';
import type { Identity } from '@functions/lib/auth-context';
import type { User } from '@functions/domain/users/user';
import { TaskChangedError, type Task, type TaskSettingsItem, type TaskStore } from '@functions/domain/tasks/tasks';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import { openTasksOf, toTaskItem, zoneOf } from '@functions/domain/tasks/task-items';

export interface TaskServiceData {
  tasks: TaskStore;
  people: {
    get(userId: string): Promise<User | null>;
    many(userIds: readonly string[]): Promise<Map<string, User>>;
    linkedRecord(kind: TaskLinkKind, id: string): Promise<LinkedRecord | null>;
    ownBook(): Promise<boolean>;
    brokerLicensed(userId: string, now: Date): Promise<boolean>;
  };
}

/** What decides who may open a record a task links. */
export type LinkedRecord =
  | { kind: 'client'; profileId: string }
  | { kind: 'deal'; brokerId?: string; dealershipId?: string }
  | { kind: 'lead'; assignedBrokerId?: string; brokerId?: string };

/**
 * Pure: whether the caller could open the record with GET (docs/security.md, "Ownership"): admins every record; a
 * broker a client or deal in their book (every one in the shared book, their own in own book) and a lead they may
 * see (assigned to or naming them, or unassigned in the shared book) when licensed, as GET /leads/{id} requires.
 */
export function mayLinkRecord(
  viewer: { userId: string; role: Identity['role']; ownBook: boolean; licensed: boolean },
  record: LinkedRecord,
): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'broker') return false;
  if (record.kind === 'client') return inBook(viewer, record.profileId);
  if (record.kind === 'deal') return inBook(viewer, record.brokerId);
  return viewer.licensed && canSeeLead(viewer, record);
}

/**
 * A task links only a record the caller could open; one they cannot gets the answer of one that does not exist, so
 * a task cannot be used to learn that another broker's record is there.
 */
async function checkLink(identity: Identity, link: CreateTaskBody['link'], data: TaskServiceData, now: Date): Promise<void> {
  if (!link) return;
  const record = await data.people.linkedRecord(link.kind, link.id);
  const broker = identity.role === 'broker';
  const visible =
    !!record &&
    mayLinkRecord(
      {
        userId: identity.userId,
        role: identity.role,
        ownBook: broker && record.kind !== 'lead' ? await data.people.ownBook() : false,
        licensed: broker && record.kind === 'lead' ? await data.people.brokerLicensed(identity.userId, now) : false,
      },
      record,
    );
  if (!visible) throw new BadRequestError(TASK_LINK_NOT_FOUND_MESSAGE, { link: TASK_LINK_NOT_FOUND_MESSAGE });
}

async function withNames(tasks: Task[], data: TaskServiceData): Promise<TaskItem[]> {
  const names = await data.people.many(tasks.map((task) => task.assigneeId));
  return tasks.map((task) => toTaskItem(task, names));
}

/** The task `id` if the caller may see it; 404 otherwise (the two are not told apart). */
async function accessible(identity: Identity, id: string, data: TaskServiceData): Promise<Task> {
  const task = await data.tasks.get(id);
  if (!task || !mayAccess(identity, task)) throw new NotFoundError(TASK_NOT_FOUND_MESSAGE);
  return task;
}

/** Checks `assigneeId` may be given a task by the caller: themselves for a broker; a broker or admin for an admin. */
async function checkAssignee(identity: Identity, assigneeId: string, data: TaskServiceData): Promise<void> {
  if (!mayAssign(identity, assigneeId))
    throw new BadRequestError(TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE, { assigneeId: TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE });
  if (assigneeId === identity.userId) return;
  const user = await data.people.get(assigneeId);
  if (!user || (user.role !== 'broker' && user.role !== 'admin'))
    throw new BadRequestError(TASK_ASSIGNEE_NOT_A_BROKER_MESSAGE, { assigneeId: TASK_ASSIGNEE_NOT_A_BROKER_MESSAGE });
}

/** Default settings for someone given their first task: the task's zone, the morning e-mail on. */
function defaultSettings(userId: string, timeZone: string, now: Date): TaskSettingsItem {
  return {
    userId,
    timeZone,
    morningEmail: true,
    reminderAt: firstReminderAt(now, timeZone),
    updatedAt: now.toISOString(),
  };
}

export async function createTask(identity: Identity, body: CreateTaskBody, data: TaskServiceData, now: Date): Promise<TaskItem> {
  const assigneeId = body.assigneeId ?? identity.userId;
  await checkAssignee(identity, assigneeId, data);
  await checkLink(identity, body.link, data, now);
  const task: Task = {
    id: ulid(now.getTime()),
    title: body.title,
    ...(body.notes ? { notes: body.notes } : {}),
    dueDate: body.dueDate,
    dueTime: body.dueTime,
    timeZone: body.timeZone,
    dueAt: dueInstant(body.dueDate, body.dueTime, body.timeZone),
    assigneeId,
    status: 'open',
    source: 'manual',
    ...(body.link ? { linkKind: body.link.kind, linkId: body.link.id } : {}),
    createdBy: identity.userId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    revision: 1,
  };
  await data.tasks.create(task);
  // The assignee's first task turns their morning e-mail on in the task's zone (they can change both on /profile).
  await data.tasks.putSettingsIfNone(defaultSettings(assigneeId, body.timeZone, now));
  return (await withNames([task], data))[0]!;
}

export async function getTask(identity: Identity, id: string, data: TaskServiceData): Promise<TaskItem> {
  return (await withNames([await accessible(identity, id, data)], data))[0]!;
}

async function replace(task: Task, next: Task, data: TaskServiceData): Promise<TaskItem> {
  try {
    await data.tasks.replace(next, task.revision);
  } catch (error) {
    if (error instanceof TaskChangedError) throw new ConflictError(TASK_STALE_MESSAGE);
    throw error;
  }
  return (await withNames([next], data))[0]!;
}

function checkRevision(task: Task, revision: number): void {
  if (task.revision !== revision) throw new ConflictError(TASK_STALE_MESSAGE);
}

export async function updateTask(
  identity: Identity,
  id: string,
  body: UpdateTaskBody,
  data: TaskServiceData,
  now: Date,
): Promise<TaskItem> {
  const task = await accessible(identity, id, data);
  checkRevision(task, body.revision);
  if (body.assigneeId !== undefined && body.assigneeId !== task.assigneeId) await checkAssignee(identity, body.assigneeId, data);
  const dueDate = body.dueDate ?? task.dueDate;
  const dueTime = body.dueTime ?? task.dueTime;
  const timeZone = body.timeZone ?? task.timeZone;
  const { notes: _previousNotes, ...rest } = task;
  const notes = body.notes === undefined ? (task.notes ?? null) : body.notes;
  const next: Task = {
    ...rest,
    ...(notes ? { notes } : {}),
    title: body.title ?? task.title,
    dueDate,
    dueTime,
    timeZone,
    dueAt: dueInstant(dueDate, dueTime, timeZone),
    assigneeId: body.assigneeId ?? task.assigneeId,
    updatedAt: now.toISOString(),
    revision: task.revision + 1,
  };
  return replace(task, next, data);
}

export async function changeTaskStatus(
  identity: Identity,
  id: string,
  status: TaskStatus,
  revision: number,
  data: TaskServiceData,
  now: Date,
): Promise<TaskItem> {
  const task = await accessible(identity, id, data);
  checkRevision(task, revision);
  const { closedAt: _closedAt, ...rest } = task;
  const next: Task = {
    ...rest,
    status,
    ...(status === 'open' ? {} : { closedAt: now.toISOString() }),
    updatedAt: now.toISOString(),
    revision: task.revision + 1,
  };
  return replace(task, next, data);
}

export interface ListTasksInput {
  status: TaskStatus;
  due: DueWindow;
  assignee?: string;
  timeZone?: string;
}

/**
 * The list: a broker's own (assigned to them, one index range read); an admin's, everyone's (the all-by-status index)
 * or one assignee's. Soonest first, at most TASK_PAGE_SIZE.
 */
export async function listTasks(
  identity: Identity,
  query: ListTasksInput,
  data: TaskServiceData,
  now: Date,
): Promise<TaskListResponse> {
  const timeZone = await zoneOf(identity.userId, query.timeZone, data);
  const range = dueWindowRange(query.due, now, timeZone);
  const assignee = identity.role === 'admin' ? query.assignee : identity.userId;
  const page = assignee
    ? await data.tasks.ofAssignee(assignee, query.status, range, TASK_PAGE_SIZE)
    : await data.tasks.withStatus(query.status, range, TASK_PAGE_SIZE);
  return { tasks: await withNames(page.tasks, data), timeZone, truncated: page.truncated };
}

/** A record's open tasks the caller may see (an admin all, a broker theirs), soonest first. */
export async function listRecordTasks(
  identity: Identity,
  kind: TaskLinkKind,
  id: string,
  data: TaskServiceData,
): Promise<{ tasks: TaskItem[] }> {
  const tasks = await openTasksOf(identity, kind, id, data);
  const names = await data.people.many(tasks.map((task) => task.assigneeId));
  return { tasks: tasks.map((task) => ({ ...task, assigneeName: names.get(task.assigneeId)?.fullName ?? null })) };
}

export async function getTaskSettings(identity: Identity, data: TaskServiceData): Promise<TaskSettings> {
  const settings = await data.tasks.settings(identity.userId);
  return { timeZone: settings?.timeZone ?? null, morningEmail: settings?.morningEmail ?? true };
}

export async function updateTaskSettings(
  identity: Identity,
  body: UpdateTaskSettings,
  data: TaskServiceData,
  now: Date,
): Promise<TaskSettings> {
  const previous = await data.tasks.settings(identity.userId);
  const keepsSchedule = previous?.morningEmail && previous.timeZone === body.timeZone && previous.reminderAt;
  await data.tasks.putSettings({
    userId: identity.userId,
    timeZone: body.timeZone,
    morningEmail: body.morningEmail,
    ...(body.morningEmail ? { reminderAt: keepsSchedule ? previous.reminderAt : firstReminderAt(now, body.timeZone) } : {}),
    ...(previous?.lastReminderDay ? { lastReminderDay: previous.lastReminderDay } : {}),
    updatedAt: now.toISOString(),
  });
  return { timeZone: body.timeZone, morningEmail: body.morningEmail };
}
