/**
 * The demo seed's completion markers: read first, written last, so the seed runs once per table. Only the local
 * stack's seed uses them, so they live here rather than in the product's data.
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';
import { perTable, type LeaseDeskTable } from '@functions/lib/data/table';

const seedRunEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'seedRun',
      table,
      schema: item({ name: string().key(), completedAt: string() }),
      computeKey: ({ name }) => ({ pk: `SEED#${name}`, sk: 'SEED' }),
    }),
);

export function seedRunStore(table: LeaseDeskTable) {
  return {
    async completed(name: string): Promise<boolean> {
      return (await seedRunEntity(table).build(GetItemCommand).key({ name }).send()).Item !== undefined;
    },
    async markCompleted(name: string, now: Date): Promise<void> {
      await seedRunEntity(table).build(PutItemCommand).item({ name, completedAt: now.toISOString() }).send();
    },
  };
}
