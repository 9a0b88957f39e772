/** The demo seed's completion markers (the local stack's seed reads one first and writes it last). */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { seedRunEntity } from '../entities/seed-run';
import type { LeaseDeskTable } from '../table';

export function seedRunStore(table: LeaseDeskTable) {
  const entities = {
    get seedRun() {
      return seedRunEntity(table);
    },
  };
  return {
    async completed(name: string): Promise<boolean> {
      return (await entities.seedRun.build(GetItemCommand).key({ name }).send()).Item !== undefined;
    },
    async markCompleted(name: string, now: Date): Promise<void> {
      await entities.seedRun.build(PutItemCommand).item({ name, completedAt: now.toISOString() }).send();
    },
  };
}
