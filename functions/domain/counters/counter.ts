/** A counter item: the derived counts of one scope (see counters.ts), changed only by atomic ADDs. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const counterSchema = item({
  scope: string().key(),
  marketplaceVehicles: number().optional(),
  clientDeals: number().optional(),
  liveVehicles: number().optional(),
  unitsSold: number().optional(),
  clients: number().optional(),
  dealerships: number().optional(),
  brokers: number().optional(),
  academyUsers: number().optional(),
  academyPublished: number().optional(),
  newLeads: number().optional(),
});

export const counterEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'counter',
      table,
      schema: counterSchema,
      computeKey: ({ scope }) => ({ pk: `COUNTER#${scope}`, sk: 'COUNTER' }),
    }),
);

export type CounterItem = FormattedItem<ReturnType<typeof counterEntity>>;
