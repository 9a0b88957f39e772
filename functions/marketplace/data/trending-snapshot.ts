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
import { ENTITY_DEFAULTS } from '@functions/lib/data/entities/keys';

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

export type TrendingSnapshotItem = FormattedItem<ReturnType<typeof trendingSnapshotEntity>>;
