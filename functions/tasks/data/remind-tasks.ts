/**
 * The remind-tasks job's data (a function of its own): the users whose morning e-mail is due (one range Query of
 * the sparse reminder index), their claims, their open tasks due before the end of the day (one range Query of the
 * assignee index each) and their e-mail address (one GetItem each). Never a Scan: the cost follows the users due.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { userEntity } from '@functions/domain/users/user';
import { functionData } from '@functions/lib/data/function-data';
import { taskStore } from '@functions/domain/tasks/tasks';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export function remindTasksStore(table: LeaseDeskTable) {
  const tasks = taskStore(table);
  return {
    remindersDue: tasks.remindersDue,
    claimReminder: tasks.claimReminder,
    releaseReminder: tasks.releaseReminder,
    openTasksBefore: (userId: string, end: string, limit: number) => tasks.ofAssignee(userId, 'open', { to: end }, limit),
    async user(userId: string) {
      return (await userEntity(table).build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },
  };
}

export const remindTasksData = functionData((table) => remindTasksStore(table));

export type RemindTasksData = ReturnType<typeof remindTasksData>;
