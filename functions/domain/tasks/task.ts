/**
 * A follow-up task (docs/data-model.md, "Tasks"). It lives in `functions/lib/data` because two
 * features write it: the tasks feature (people's tasks) and the deal aggregate (a not-sold deal's follow-up task and
 * a lease's maturity tasks, written in the deal's own transaction with `extra` operations).
 *
 * One item per task (`TASK#{id}`). Its due moment is kept three ways: the wall-clock day and time in the assignee's
 * time zone as the broker typed them (`dueDate`, `dueTime`, `timeZone`), and the UTC instant (`dueAt`) the indexes
 * sort by, so "overdue" and "due today" are range reads whatever the zone.
 *
 * Access patterns:
 * - gsi1 `TASKS#{assigneeId}#{status}` by `{dueAt}#{id}`: an assignee's open (or done, cancelled) tasks by due
 *   moment: "My day", the tasks list, the morning reminder.
 * - gsi2 `TASKS#OF#{linkKind}#{linkId}` by `{status}#{dueAt}#{id}` (linked tasks only): a lead's, client's or deal's
 *   tasks, open ones first read by prefix.
 * - gsi3 `TASKS#ALL#{status}` by `{dueAt}#{id}`: every task of a status (the admin's list).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { TASK_LINK_KINDS, TASK_SOURCES, TASK_STATUSES, type TaskLinkKind, type TaskStatus } from '@shared/tasks/enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const tasksOfAssignee = (assigneeId: string, status: TaskStatus) => `TASKS#${assigneeId}#${status}`;
export const tasksOfRecord = (kind: TaskLinkKind, id: string) => `TASKS#OF#${kind}#${id}`;
export const tasksWithStatus = (status: TaskStatus) => `TASKS#ALL#${status}`;

export const taskSchema = item({
  /** A ULID for a person's task; `systemTaskId(...)` for one the system keeps for a deal. */
  id: string().key(),
  title: string(),
  notes: string().optional(),
  /** "YYYY-MM-DD" and "HH:mm" in `timeZone` (an IANA zone: the assignee's, when the task was written). */
  dueDate: string(),
  dueTime: string(),
  timeZone: string(),
  /** The UTC instant of dueDate + dueTime in timeZone (ISO). */
  dueAt: string(),
  assigneeId: string(),
  status: string().enum(...TASK_STATUSES),
  source: string().enum(...TASK_SOURCES),
  linkKind: string()
    .enum(...TASK_LINK_KINDS)
    .optional(),
  linkId: string().optional(),
  /** The user who made it; absent for the system's tasks. */
  createdBy: string().optional(),
  createdAt: string(),
  updatedAt: string(),
  /** When it was marked done or cancelled (ISO). */
  closedAt: string().optional(),
  /** Bumped by every change: stale writes are refused (409), and the calendar file's SEQUENCE follows it. */
  revision: number(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ assigneeId, status }) => tasksOfAssignee(assigneeId, status)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ dueAt, id }) => `${dueAt}#${id}`),
  gsi2pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ linkKind, linkId }) => (linkKind && linkId ? tasksOfRecord(linkKind, linkId) : undefined)),
  gsi2sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ linkKind, linkId, status, dueAt, id }) =>
      linkKind && linkId ? `${status}#${dueAt}#${id}` : undefined,
    ),
  gsi3pk: string()
    .hidden()
    .link<typeof _schema>(({ status }) => tasksWithStatus(status)),
  gsi3sk: string()
    .hidden()
    .link<typeof _schema>(({ dueAt, id }) => `${dueAt}#${id}`),
}));

export const taskEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'task',
      table,
      schema: taskSchema,
      computeKey: ({ id }) => ({ pk: `TASK#${id}`, sk: 'TASK' }),
    }),
);

export type Task = FormattedItem<ReturnType<typeof taskEntity>>;
