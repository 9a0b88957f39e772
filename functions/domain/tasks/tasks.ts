/**
 * The tasks store (task.ts, task-settings.ts): a task's create, read and change (every change is a
 * whole-item put conditioned on the revision read, so a stale write fails instead of overwriting, and the index keys
 * are recomputed from the item), the three list reads (an assignee's tasks of a status by due moment, a record's
 * tasks, every task of a status), the caller's task settings and the morning reminder's index. Every read is a
 * GetItem or a Query of one partition (never a Scan).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { TaskLinkKind, TaskStatus } from '@shared/tasks/enums';
import type { DueRange } from '@shared/tasks/rules';
import { taskEntity, tasksOfAssignee, tasksOfRecord, tasksWithStatus, type Task } from './task';
import { TASK_REMINDERS_PARTITION, taskSettingsEntity, type TaskSettingsItem } from './task-settings';
import { StoreConflictError } from '@functions/lib/data/errors';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { isConditionalCheckFailure } from '@functions/lib/data/transactions';

export type { Task } from './task';
export type { TaskSettingsItem } from './task-settings';

/** The task changed (or went away) since it was read: the caller answers 409. */
export class TaskChangedError extends StoreConflictError {
  override readonly name = 'TaskChangedError';
}

/**
 * The index sort key range of due instants `range` (`{dueAt}#{id}`): an open start is `0` (below every ISO year), an
 * open end `~` (above every key); a key cannot be empty.
 */
function sortRange(range: DueRange) {
  return { between: [range.from ?? '0', range.to ?? '~'] as [string, string] };
}

export interface TaskPage {
  tasks: Task[];
  /** More matched than `limit`. */
  truncated: boolean;
}

/** The tasks store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface TaskStore {
  get(id: string): Promise<Task | null>;
  /** Writes a new task (never over an existing id). */
  create(task: Task): Promise<void>;
  /**
   * Replaces `task` with `next` (whose revision must be `task.revision + 1`), only if it still has the revision
   * read: otherwise TaskChangedError.
   */
  replace(next: Task, expectedRevision: number): Promise<void>;
  /** An assignee's tasks of `status` due in `range`, soonest first. */
  ofAssignee(assigneeId: string, status: TaskStatus, range: DueRange, limit: number): Promise<TaskPage>;
  /** Every task of `status` due in `range`, soonest first (the admin's list). */
  withStatus(status: TaskStatus, range: DueRange, limit: number): Promise<TaskPage>;
  /** A lead's, client's or deal's tasks of `status`, soonest first. */
  ofRecord(kind: TaskLinkKind, id: string, status: TaskStatus, limit: number): Promise<TaskPage>;
  settings(userId: string): Promise<TaskSettingsItem | null>;
  putSettings(settings: TaskSettingsItem): Promise<void>;
  /** Writes `settings` only if the user has none yet (a first task's default); false when they had some. */
  putSettingsIfNone(settings: TaskSettingsItem): Promise<boolean>;
  /** The users whose morning e-mail is due at `now` (reminder index, `reminderAt <= now`), at most `limit`. */
  remindersDue(now: Date, limit: number): Promise<TaskSettingsItem[]>;
  /**
   * Claims the morning e-mail of `settings.userId` for local day `day`: moves `reminderAt` on to `nextAt` and records
   * `day`, only if the item still has the `reminderAt` read and `day` was not claimed before. False when another
   * run claimed it (or the user changed their settings meanwhile): then nothing is to be sent.
   */
  claimReminder(settings: TaskSettingsItem, day: string | null, nextAt: string, now: Date): Promise<boolean>;
  /** Gives back a claim whose e-mail could not be sent (a retryable failure): the next run tries again. */
  releaseReminder(claimed: TaskSettingsItem, previous: TaskSettingsItem, now: Date): Promise<void>;
}

export function taskStore(table: LeaseDeskTable): TaskStore {
  const entities = {
    get task() {
      return taskEntity(table);
    },
    get settings() {
      return taskSettingsEntity(table);
    },
  };

  /**
   * One index partition's tasks in the due range, soonest first, at most `limit`. The upper bound is exclusive:
   * `between` is inclusive, and a key at exactly `to` is `{to}#{id}`, above `to` itself, so it is left out.
   */
  const page = async (index: 'gsi1' | 'gsi3', partition: string, range: DueRange, limit: number): Promise<TaskPage> => {
    const { Items = [] } = await table
      .build(QueryCommand)
      .entities(entities.task)
      .query({ index, partition, range: sortRange(range) })
      .options({ limit: limit + 1, maxPages: Infinity })
      .send();
    const tasks = Items as Task[];
    return { tasks: tasks.slice(0, limit), truncated: tasks.length > limit };
  };

  return {
    async get(id: string): Promise<Task | null> {
      const { Item } = await entities.task.build(GetItemCommand).key({ id }).send();
      return Item ?? null;
    },

    async create(task: Task): Promise<void> {
      await entities.task
        .build(PutItemCommand)
        .item(task)
        .options({ condition: { attr: 'id', exists: false } })
        .send();
    },

    async replace(next: Task, expectedRevision: number): Promise<void> {
      try {
        await entities.task
          .build(PutItemCommand)
          .item(next)
          .options({ condition: { attr: 'revision', eq: expectedRevision } })
          .send();
      } catch (error) {
        if (isConditionalCheckFailure(error)) throw new TaskChangedError('The task changed since it was read');
        throw error;
      }
    },

    ofAssignee(assigneeId: string, status: TaskStatus, range: DueRange, limit: number): Promise<TaskPage> {
      return page('gsi1', tasksOfAssignee(assigneeId, status), range, limit);
    },

    withStatus(status: TaskStatus, range: DueRange, limit: number): Promise<TaskPage> {
      return page('gsi3', tasksWithStatus(status), range, limit);
    },

    async ofRecord(kind: TaskLinkKind, id: string, status: TaskStatus, limit: number): Promise<TaskPage> {
      const { Items = [] } = await table
        .build(QueryCommand)
        .entities(entities.task)
        .query({ index: 'gsi2', partition: tasksOfRecord(kind, id), range: { beginsWith: `${status}#` } })
        .options({ limit: limit + 1, maxPages: Infinity })
        .send();
      const tasks = Items as Task[];
      return { tasks: tasks.slice(0, limit), truncated: tasks.length > limit };
    },

    async settings(userId: string): Promise<TaskSettingsItem | null> {
      const { Item } = await entities.settings.build(GetItemCommand).key({ userId }).send();
      return Item ?? null;
    },

    async putSettings(settings: TaskSettingsItem): Promise<void> {
      await entities.settings.build(PutItemCommand).item(settings).send();
    },

    async putSettingsIfNone(settings: TaskSettingsItem): Promise<boolean> {
      try {
        await entities.settings
          .build(PutItemCommand)
          .item(settings)
          .options({ condition: { attr: 'userId', exists: false } })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async remindersDue(now: Date, limit: number): Promise<TaskSettingsItem[]> {
      const { Items = [] } = await table
        .build(QueryCommand)
        .entities(entities.settings)
        .query({ index: 'gsi1', partition: TASK_REMINDERS_PARTITION, range: { lte: `${now.toISOString()}#~` } })
        .options({ limit, maxPages: 1 })
        .send();
      return Items as TaskSettingsItem[];
    },

    async claimReminder(settings: TaskSettingsItem, day: string | null, nextAt: string, now: Date): Promise<boolean> {
      try {
        await entities.settings
          .build(PutItemCommand)
          .item({
            ...settings,
            reminderAt: nextAt,
            ...(day ? { lastReminderDay: day } : {}),
            updatedAt: now.toISOString(),
          })
          .options({
            condition: {
              and: [
                { attr: 'reminderAt', eq: settings.reminderAt ?? '' },
                ...(day
                  ? [
                      {
                        or: [
                          { attr: 'lastReminderDay' as const, exists: false },
                          { attr: 'lastReminderDay' as const, ne: day },
                        ],
                      },
                    ]
                  : []),
              ],
            },
          })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async releaseReminder(claimed: TaskSettingsItem, previous: TaskSettingsItem, now: Date): Promise<void> {
      try {
        await entities.settings
          .build(PutItemCommand)
          .item({ ...previous, updatedAt: now.toISOString() })
          .options({ condition: { attr: 'reminderAt', eq: claimed.reminderAt ?? '' } })
          .send();
      } catch (error) {
        // Changed meanwhile (the user saved their settings): their new settings stand.
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },
  };
}
