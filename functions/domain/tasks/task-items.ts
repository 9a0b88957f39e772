/**
 * What the tasks feature and the dashboard share (docs/decisions.md, "Tasks"): a task as the API answers it, the
 * caller's time zone, and My day (the dashboard's block: the caller's open tasks overdue, due today and in the next 7
 * days, one range read of the assignee index).
 */
import { TASK_PAGE_SIZE, type MyDay, type TaskItem } from '@shared/tasks/api';
import { linkPath } from '@shared/tasks/links';
import type { TaskLinkKind } from '@shared/tasks/enums';
import { inRange, mayAccess, myDayRanges, type TaskActor } from '@shared/tasks/rules';
import type { User } from '../users/user';
import type { Task, TaskStore } from './tasks';

/** The zone used when neither the caller's settings nor the request name one. */
export const FALLBACK_TIME_ZONE = 'UTC';

export function toTaskItem(task: Task, names: ReadonlyMap<string, Pick<User, 'fullName'>>): TaskItem {
  return {
    id: task.id,
    title: task.title,
    notes: task.notes ?? null,
    dueDate: task.dueDate,
    dueTime: task.dueTime,
    timeZone: task.timeZone,
    dueAt: task.dueAt,
    assigneeId: task.assigneeId,
    assigneeName: names.get(task.assigneeId)?.fullName ?? null,
    status: task.status,
    source: task.source,
    link:
      task.linkKind && task.linkId ? { kind: task.linkKind, id: task.linkId, path: linkPath(task.linkKind, task.linkId) } : null,
    createdAt: task.createdAt,
    closedAt: task.closedAt ?? null,
    revision: task.revision,
  };
}

/** The caller's zone: saved in their settings, else the one the request names, else UTC. */
export async function zoneOf(userId: string, requested: string | undefined, data: { tasks: TaskStore }): Promise<string> {
  const settings = await data.tasks.settings(userId);
  return settings?.timeZone ?? requested ?? FALLBACK_TIME_ZONE;
}

/** My day of `userId` at `now`: three blocks that never overlap, read with one Query of their open tasks. */
export async function myDay(
  userId: string,
  requestedZone: string | undefined,
  data: { tasks: TaskStore },
  now: Date,
): Promise<MyDay> {
  const timeZone = await zoneOf(userId, requestedZone, data);
  const ranges = myDayRanges(now, timeZone);
  const { tasks } = await data.tasks.ofAssignee(userId, 'open', { to: ranges.end }, TASK_PAGE_SIZE);
  const items = tasks.map((task) => toTaskItem(task, new Map()));
  return {
    timeZone,
    overdue: items.filter((task) => inRange(task.dueAt, ranges.overdue)),
    today: items.filter((task) => inRange(task.dueAt, ranges.today)),
    upcoming: items.filter((task) => inRange(task.dueAt, ranges.upcoming)),
  };
}

/** A lead's, client's or deal's open tasks `actor` may see (an admin all, a broker theirs), soonest first. */
export async function openTasksOf(
  actor: TaskActor,
  kind: TaskLinkKind,
  id: string,
  data: { tasks: TaskStore },
  names: ReadonlyMap<string, Pick<User, 'fullName'>> = new Map(),
): Promise<TaskItem[]> {
  const { tasks } = await data.tasks.ofRecord(kind, id, 'open', TASK_PAGE_SIZE);
  return tasks.filter((task) => mayAccess(actor, task)).map((task) => toTaskItem(task, names));
}
