/** The tasks feature's data (the API function): tasks and settings, the users they are assigned to, linked records. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { TaskLinkKind } from '@shared/tasks/enums';
import { clientEntity } from '@functions/lib/data/entities/client';
import { dealEntity } from '@functions/lib/data/entities/deal';
import { quoteLeadEntity } from '@functions/lib/data/entities/quote-lead';
import { userEntity, type User } from '@functions/lib/data/entities/user';
import { functionData } from '@functions/lib/data/function-data';
import { taskStore } from '@functions/lib/data/stores/tasks';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

/** The users a task list names (assignees), and whether a linked record exists: point reads only. */
export function taskPeople(table: LeaseDeskTable) {
  return {
    async get(userId: string): Promise<User | null> {
      return (await userEntity(table).build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },
    async many(userIds: readonly string[]): Promise<Map<string, User>> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Map();
      const users = await batchGetAll(
        userEntity(table),
        unique.map((userId) => ({ userId })),
      );
      return new Map(users.map((user) => [user.userId, user]));
    },
    async recordExists(kind: TaskLinkKind, id: string): Promise<boolean> {
      const options = { attributes: ['id'] } as never;
      if (kind === 'deal') return !!(await dealEntity(table).build(GetItemCommand).key({ id }).options(options).send()).Item;
      if (kind === 'client') return !!(await clientEntity(table).build(GetItemCommand).key({ id }).options(options).send()).Item;
      return !!(await quoteLeadEntity(table).build(GetItemCommand).key({ id }).options(options).send()).Item;
    },
  };
}

export const tasksData = functionData((table) => ({ tasks: taskStore(table), people: taskPeople(table) }));

export type TasksData = ReturnType<typeof tasksData>;
