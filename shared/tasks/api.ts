/**
 * Request and response shapes of the tasks feature (shared/api/routes.ts, feature `tasks`), used by the handlers
 * and the web. Admins and approved brokers; a broker sees and changes only the tasks assigned to them or made by
 * them (anyone else's reads as 404), and assigns only to themselves.
 *
 * - GET   /tasks                       a list: status, due window, assignee (admins), in the caller's time zone
 * - POST  /tasks                       a new task
 * - GET   /tasks/{id}                  one task
 * - PATCH /tasks/{id}                  edits it (title, due, notes, assignee), with the revision read
 * - POST  /tasks/{id}/status           done, cancelled, or open again, with the revision read
 * - GET   /tasks/of/{kind}/{id}        a lead's, client's or deal's open tasks
 * - GET   /task-settings              the caller's time zone and morning e-mail switch
 * - PUT   /task-settings              sets them
 */
import * as z from 'zod';
import { INVALID_INPUT, freeText, nameText, requiredText } from '../validation';
import { TASK_LINK_KINDS, TASK_SOURCES, TASK_STATUSES } from './enums';
import { DUE_WINDOWS, isTimeZone } from './rules';

export const TASK_NOT_FOUND_MESSAGE = 'Task not found';
export const TASK_TITLE_REQUIRED_MESSAGE = 'Title is required';
export const TASK_TITLE_MAX = 200;
export const TASK_TITLE_TOO_LONG_MESSAGE = `Title must be at most ${TASK_TITLE_MAX} characters`;
export const TASK_NOTES_MAX = 2000;
export const TASK_NOTES_TOO_LONG_MESSAGE = `Notes must be at most ${TASK_NOTES_MAX} characters`;
export const TASK_DUE_DATE_REQUIRED_MESSAGE = 'Due date is required';
export const TASK_DUE_DATE_INVALID_MESSAGE = 'Invalid due date';
export const TASK_DUE_TIME_REQUIRED_MESSAGE = 'Due time is required';
export const TASK_DUE_TIME_INVALID_MESSAGE = 'Invalid due time';
export const TASK_ASSIGNEE_REQUIRED_MESSAGE = 'Assignee is required';
export const TASK_ASSIGNEE_NOT_ALLOWED_MESSAGE = 'You can only assign tasks to yourself';
export const TASK_ASSIGNEE_NOT_A_BROKER_MESSAGE = 'The assignee must be a broker or an administrator';
export const TASK_LINK_NOT_FOUND_MESSAGE = 'The linked record was not found';
export const TIME_ZONE_INVALID_MESSAGE = 'Invalid time zone';
export const TASK_STALE_MESSAGE = 'This task was changed by someone else. Reload it and try again.';
/** The web's answer to that 409: it reads the task again itself. */
export const TASK_RELOADED_MESSAGE =
  'This task was changed by someone else. It now shows the latest version: check it and try again.';
/**
 * The edit dialog's note on a task a deal keeps (functions/domain/deals/system-tasks.ts): the broker's changes stay
 * until the deal changes that same thing.
 */
export const SYSTEM_TASK_NOTES = {
  'follow-up':
    "This task follows the deal's follow-up date. Your changes stay when the deal is edited, except what the deal itself changes: a new follow-up date moves the task to that day at 9:00, a new broker reassigns it, a new client or vehicle renames it.",
  maturity:
    "This reminder follows the lease's start date and term. Your changes stay when the deal is edited, except what the deal itself changes: a new start or term moves it, a new broker reassigns it, a new client or vehicle renames it.",
} as const;
/** Toasts. */
export const TASK_CREATED_MESSAGE = 'Task added';
export const TASK_UPDATED_MESSAGE = 'Task saved';
export const TASK_DONE_MESSAGE = 'Task marked done';
export const TASK_CANCELLED_MESSAGE = 'Task cancelled';
export const TASK_REOPENED_MESSAGE = 'Task reopened';
/** The confirmation before a task is cancelled (it leaves the open lists; /tasks can reopen it). */
export const TASK_CANCEL_CONFIRM = 'Cancel this task? It leaves your open tasks; you can reopen it from Tasks.';

const ID_PATTERN = /^[0-9A-Za-z_-]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const timeZoneSchema = z.string({ error: TIME_ZONE_INVALID_MESSAGE }).refine(isTimeZone, TIME_ZONE_INVALID_MESSAGE);

const idSchema = (message: string) => z.string({ error: message }).max(64, message).regex(ID_PATTERN, message);

export const taskIdParamsSchema = z.object({ id: idSchema(TASK_NOT_FOUND_MESSAGE) });

export const taskRecordParamsSchema = z.object({
  kind: z.enum(TASK_LINK_KINDS, { error: 'Not found' }),
  id: idSchema('Not found'),
});

const dueDate = requiredText(TASK_DUE_DATE_REQUIRED_MESSAGE).refine(isCalendarDate, TASK_DUE_DATE_INVALID_MESSAGE);
const dueTime = requiredText(TASK_DUE_TIME_REQUIRED_MESSAGE).regex(TIME_PATTERN, TASK_DUE_TIME_INVALID_MESSAGE);
const title = requiredText(TASK_TITLE_REQUIRED_MESSAGE).max(TASK_TITLE_MAX, TASK_TITLE_TOO_LONG_MESSAGE).pipe(nameText('Title'));
const notes = freeText(TASK_NOTES_MAX, TASK_NOTES_TOO_LONG_MESSAGE);

export const taskLinkSchema = z.object({
  kind: z.enum(TASK_LINK_KINDS, { error: INVALID_INPUT }),
  id: idSchema(TASK_LINK_NOT_FOUND_MESSAGE),
});
export type TaskLink = z.infer<typeof taskLinkSchema>;

/**
 * A new task. The due day and time are in `timeZone` (the assignee's: the web sends the caller's zone from the
 * profile, or the browser's). The assignee defaults to the caller.
 */
export const createTaskSchema = z.object({
  title,
  dueDate,
  dueTime,
  timeZone: timeZoneSchema,
  notes,
  assigneeId: idSchema(TASK_ASSIGNEE_REQUIRED_MESSAGE).optional(),
  link: taskLinkSchema.nullable().optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskBody = z.output<typeof createTaskSchema>;

/** An edit: the fields given change; `revision` is the one read (a stale one is 409). */
export const updateTaskSchema = z.object({
  revision: z.number({ error: INVALID_INPUT }).int(INVALID_INPUT).min(1, INVALID_INPUT),
  title: title.optional(),
  dueDate: dueDate.optional(),
  dueTime: dueTime.optional(),
  timeZone: timeZoneSchema.optional(),
  /** Absent: unchanged; blank or null: cleared. */
  notes: z.undefined().or(notes),
  assigneeId: idSchema(TASK_ASSIGNEE_REQUIRED_MESSAGE).optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTaskBody = z.output<typeof updateTaskSchema>;

export const taskStatusChangeSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: INVALID_INPUT }),
  revision: z.number({ error: INVALID_INPUT }).int(INVALID_INPUT).min(1, INVALID_INPUT),
});
export type TaskStatusChange = z.infer<typeof taskStatusChangeSchema>;

export const TASK_PAGE_SIZE = 200;

export const taskListQuerySchema = z.object({
  status: z.enum(TASK_STATUSES, { error: INVALID_INPUT }).default('open'),
  due: z.enum(DUE_WINDOWS, { error: INVALID_INPUT }).default('all'),
  /** Admins: whose tasks ("all" or absent for everyone's). Brokers: only their own, whatever this says. */
  assignee: idSchema(INVALID_INPUT).optional(),
  /** The zone the windows are read in when the caller has none saved (the browser's). */
  timeZone: timeZoneSchema.optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  dueDate: z.string(),
  dueTime: z.string(),
  timeZone: z.string(),
  dueAt: z.string(),
  assigneeId: z.string(),
  assigneeName: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  source: z.enum(TASK_SOURCES),
  link: z.object({ kind: z.enum(TASK_LINK_KINDS), id: z.string(), path: z.string() }).nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  revision: z.number().int(),
});
export type TaskItem = z.infer<typeof taskSchema>;

export const taskResponseSchema = z.object({ task: taskSchema });
export type TaskResponse = z.infer<typeof taskResponseSchema>;

export const taskListResponseSchema = z.object({
  tasks: z.array(taskSchema),
  /** The zone the due windows were read in. */
  timeZone: z.string(),
  /** True when more matched than one answer holds (the list shows the first TASK_PAGE_SIZE). */
  truncated: z.boolean(),
});
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

export const recordTasksResponseSchema = z.object({ tasks: z.array(taskSchema) });
export type RecordTasksResponse = z.infer<typeof recordTasksResponseSchema>;

export const taskSettingsSchema = z.object({
  /** The saved zone, or null before the broker saves one (the web then offers the browser's). */
  timeZone: z.string().nullable(),
  morningEmail: z.boolean(),
});
export type TaskSettings = z.infer<typeof taskSettingsSchema>;

export const updateTaskSettingsSchema = z.object({
  timeZone: timeZoneSchema,
  morningEmail: z.boolean({ error: INVALID_INPUT }),
});
export type UpdateTaskSettings = z.infer<typeof updateTaskSettingsSchema>;

/** My day on the dashboard: open tasks in three blocks, in the caller's zone. */
export const myDaySchema = z.object({
  timeZone: z.string(),
  overdue: z.array(taskSchema),
  today: z.array(taskSchema),
  upcoming: z.array(taskSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;
