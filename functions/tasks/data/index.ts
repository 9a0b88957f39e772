/** The tasks feature's data (the API function): tasks and settings, the users they are assigned to, linked records. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { isLicensedAt } from '@shared/brokers/licence';
import type { TaskLinkKind } from '@shared/tasks/enums';
import { brokerProfileEntity } from '@functions/domain/users/broker-profile';
import { clientEntity } from '@functions/domain/clients/client';
import { dealEntity } from '@functions/domain/deals/entities/deal';
import { quoteLeadEntity } from '@functions/domain/leads/quote-lead';
import { userEntity, type User } from '@functions/domain/users/user';
import { functionData } from '@functions/lib/data/function-data';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { taskStore } from '@functions/domain/tasks/tasks';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import type { LinkedRecord } from '../tasks';
import { batchGetAll } from '@functions/lib/data/transactions';

/** The users a task list names (assignees), and who may open a linked record: point reads only. */
export function taskPeople(table: LeaseDeskTable) {
  const settings = companySettingsStore(table);
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
    /**
     * What decides who may open a linked record (tasks.ts `mayLinkRecord`), or null when there is none: one GetItem
     * of the record, its owner attributes only.
     */
    async linkedRecord(kind: TaskLinkKind, id: string): Promise<LinkedRecord | null> {
      if (kind === 'deal') {
        const deal = (
          await dealEntity(table)
            .build(GetItemCommand)
            .key({ id })
            .options({ attributes: ['id', 'brokerId', 'dealershipId'] })
            .send()
        ).Item;
        return deal ? { kind, brokerId: deal.brokerId, dealershipId: deal.dealershipId } : null;
      }
      if (kind === 'client') {
        const client = (
          await clientEntity(table)
            .build(GetItemCommand)
            .key({ id })
            .options({ attributes: ['id', 'profileId'] })
            .send()
        ).Item;
        return client ? { kind, profileId: client.profileId } : null;
      }
      const lead = (
        await quoteLeadEntity(table)
          .build(GetItemCommand)
          .key({ id })
          .options({ attributes: ['id', 'assignedBrokerId', 'brokerId'] })
          .send()
      ).Item;
      return lead ? { kind, assignedBrokerId: lead.assignedBrokerId, brokerId: lead.brokerId } : null;
    },
    /** Whether brokers have their own book (the company setting, docs/security.md "Ownership"). */
    ownBook: () => settings.ownBook(),
    /** Whether a broker is approved and licensed now (leads open to those only, as GET /leads/{id}). */
    async brokerLicensed(userId: string, now: Date): Promise<boolean> {
      const profile = (await brokerProfileEntity(table).build(GetItemCommand).key({ userId }).send()).Item;
      return profile?.isApproved === true && isLicensedAt(profile, now);
    },
  };
}

export const tasksData = functionData((table) => ({ tasks: taskStore(table), people: taskPeople(table) }));

export type TasksData = ReturnType<typeof tasksData>;
