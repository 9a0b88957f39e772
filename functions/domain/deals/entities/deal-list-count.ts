/**
 * Counts of the deals list, changed only by atomic ADDs in the deal's transaction (../deals/deal-list-index.ts):
 * - a group count: the listed deals of one client group in one scope, status and make (or every make), so a group
 *   header's count under the status and make filters is one BatchGet whatever the number of deals;
 * - a make count: the listed deals of one make in one scope (the make filter buttons).
 * Both live in one entity: a `set` names the partition ("group#all#pending#*", "make#dealership#01J.."), `key`
 * the group or make.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const DEAL_LIST_COUNT_PARTITION_PREFIX = 'DLCOUNT#';

export const dealListCountSchema = item({
  set: string().key(),
  key: string().key(),
  /** A make's name as last written (make counts only). */
  label: string().optional(),
  deals: number().optional(),
});

export const dealListCountEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealListCount',
      table,
      schema: dealListCountSchema,
      computeKey: ({ set, key }) => ({ pk: `${DEAL_LIST_COUNT_PARTITION_PREFIX}${set}`, sk: key }),
    }),
);

export type DealListCount = FormattedItem<ReturnType<typeof dealListCountEntity>>;
