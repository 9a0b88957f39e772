/**
 * How many vehicles of one make a marketplace tab holds, for everyone or for one dealership: the make filter
 * buttons, the per-make group counts and (summed) the tab counts. Changed only by atomic ADDs in the deal's
 * transaction; a tab's makes are one small Query whatever the number of vehicles.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { LeaseDeskTable } from '../table';
import { ENTITY_DEFAULTS } from './keys';

export const MAKE_COUNT_PARTITION_PREFIX = 'MKTMAKES#';

export const marketplaceMakeCountSchema = item({
  /** e.g. "all#active", "dealership#01J..#archived". */
  tab: string().key(),
  /** The make, lower-cased. */
  makeKey: string().key(),
  /** The make as last written. */
  make: string(),
  vehicles: number().optional(),
});

export const marketplaceMakeCountEntity = (table: LeaseDeskTable) =>
  new Entity({
    ...ENTITY_DEFAULTS,
    name: 'marketplaceMakeCount',
    table,
    schema: marketplaceMakeCountSchema,
    computeKey: ({ tab, makeKey }) => ({ pk: `${MAKE_COUNT_PARTITION_PREFIX}${tab}`, sk: makeKey }),
  });

export type MarketplaceMakeCount = FormattedItem<ReturnType<typeof marketplaceMakeCountEntity>>;
