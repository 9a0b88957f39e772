/**
 * How many vehicles of one make a marketplace tab holds, for everyone or for one dealership: the make filter
 * buttons, the per-make group counts and (summed) the tab counts; and how many a search token's listing holds (the
 * group counts of a one-word search). Changed only by atomic ADDs in the deal's transaction; a tab's or a token's
 * makes are one small Query whatever the number of vehicles.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const MAKE_COUNT_PARTITION_PREFIX = 'MKTMAKES#';

export const marketplaceMakeCountSchema = item({
  /** e.g. "all#active", "dealership#01J..#archived", or a token's listing "all#active#tok#rav". */
  tab: string().key(),
  /** The make, lower-cased. */
  makeKey: string().key(),
  /** The make as last written. */
  make: string(),
  vehicles: number().optional(),
});

export const marketplaceMakeCountEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'marketplaceMakeCount',
      table,
      schema: marketplaceMakeCountSchema,
      computeKey: ({ tab, makeKey }) => ({ pk: `${MAKE_COUNT_PARTITION_PREFIX}${tab}`, sk: makeKey }),
    }),
);

export type MarketplaceMakeCount = FormattedItem<ReturnType<typeof marketplaceMakeCountEntity>>;
