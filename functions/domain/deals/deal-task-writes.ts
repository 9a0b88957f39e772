/**
 * What a deal write needs to keep the deal's system tasks (./system-tasks.ts) in step: the tasks as stored now, the
 * broker's time zone, and the broker's first task settings. Reads and one best-effort write, outside the deal's
 * transaction; the task writes themselves go in it.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Task } from '@functions/domain/tasks/task';
import { logger } from '@functions/lib/logger';
import { batchGetAll, isConditionalCheckFailure } from '@functions/lib/data/transactions';
import { firstReminderAt } from '@shared/tasks/rules';
import type { DealStoreEntities } from './deal-store-entities';
import type { Deal } from './entities/deal';
import { DEFAULT_TASK_TIME_ZONE, wantedTasks } from './system-tasks';

/** The deal's system tasks as stored now, of those the deal wanted before or wants after. */
export async function currentTasks(
  entities: DealStoreEntities,
  before: Deal | undefined,
  after: Deal,
): Promise<Map<string, Task>> {
  const ids = new Set([...wantedTasks(before).keys(), ...wantedTasks(after).keys()]);
  if (ids.size === 0) return new Map();
  const tasks = await batchGetAll(
    entities.task,
    [...ids].map((id) => ({ id })),
  );
  return new Map(tasks.map((task) => [task.id, task]));
}

/**
 * The time zone the deal's broker keeps their tasks in (their task settings), else DEFAULT_TASK_TIME_ZONE; `none`
 * when a broker the deal gives tasks to has no task settings yet.
 */
export async function brokerTimeZone(entities: DealStoreEntities, deal: Deal): Promise<{ timeZone: string; none: boolean }> {
  if (wantedTasks(deal).size === 0 || !deal.brokerId) return { timeZone: DEFAULT_TASK_TIME_ZONE, none: false };
  const { Item } = await entities.taskSettings.build(GetItemCommand).key({ userId: deal.brokerId }).send();
  return { timeZone: Item?.timeZone ?? DEFAULT_TASK_TIME_ZONE, none: !Item };
}

/**
 * A broker's first system task turns their morning task e-mail on (in the default zone, which they change on their
 * profile), as a person's first task does: otherwise a follow-up date would never remind anyone. Written after the
 * deal's transaction, only if they still have no settings; a failure here leaves the deal written and the settings
 * for the next write.
 */
export async function settleFirstTaskSettings(entities: DealStoreEntities, brokerId: string, now: Date): Promise<void> {
  try {
    await entities.taskSettings
      .build(PutItemCommand)
      .item({
        userId: brokerId,
        timeZone: DEFAULT_TASK_TIME_ZONE,
        morningEmail: true,
        reminderAt: firstReminderAt(now, DEFAULT_TASK_TIME_ZONE),
        updatedAt: now.toISOString(),
      })
      .options({ condition: { attr: 'userId', exists: false } })
      .send();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) logger.warn('first task settings not written', { brokerId, error });
  }
}
