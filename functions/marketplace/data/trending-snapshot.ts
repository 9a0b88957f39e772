/**
 * The trending ranking, one item for the whole marketplace: written whole by the rank-trending job, read with
 * one GetItem by GET /marketplace/trending. No TTL: it is replaced every few minutes, and an old one is better
 * than none if the job stops.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const trendingSnapshotSchema = item({
  /** The leading marketplace vehicles when it was computed, most viewed first, with their views in the window. */
  vehicles: list(map({ vehicleId: string(), views: number() })),
  /** ISO date-time of the run. */
  computedAt: string(),
  /** The window's first and last UTC days (YYYY-MM-DD), both included. */
  fromDay: string(),
  toDay: string(),
});

export const trendingSnapshotEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'trendingSnapshot',
      table,
      schema: trendingSnapshotSchema,
      computeKey: () => ({ pk: 'TRENDING', sk: 'SNAPSHOT' }),
    }),
);

/**
 * One dealership's own trending list (docs/data-model.md, "Views and trending"): the job ranks each dealership's viewed
 * listings too, so a dealer's dashboard panel shows up to 5 of theirs even when other dealerships' cars hold the whole
 * global top 5. Written in the same run as the global snapshot, with its `computedAt`; one whose `computedAt` is not
 * the global snapshot's is from an earlier run (the dealership had no views since) and is not used.
 */
export const dealershipTrendingEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealershipTrending',
      table,
      schema: item({
        dealershipId: string().key(),
        vehicles: list(map({ vehicleId: string(), views: number() })),
        computedAt: string(),
      }),
      computeKey: ({ dealershipId }: { dealershipId: string }) => ({ pk: 'TRENDING', sk: `DEALERSHIP#${dealershipId}` }),
    }),
);

export type TrendingSnapshotItem = FormattedItem<ReturnType<typeof trendingSnapshotEntity>>;
