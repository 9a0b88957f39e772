/**
 * The trending snapshot: the rank-trending job replaces it whole; the trending route reads it by its one key.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { dealershipTrendingEntity, trendingSnapshotEntity } from './trending-snapshot';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export interface TrendingSnapshot {
  /** Most viewed first. */
  vehicles: { vehicleId: string; views: number }[];
  /** ISO date-time of the run that computed it. */
  computedAt: string;
  /** The window's first and last UTC days (YYYY-MM-DD), both included. */
  fromDay: string;
  toDay: string;
}

/** One dealership's top list, written by the same job run as the global snapshot. */
export interface DealershipTrending {
  dealershipId: string;
  vehicles: { vehicleId: string; views: number }[];
  computedAt: string;
}

export function trendingStore(table: LeaseDeskTable) {
  const entities = {
    get trendingSnapshot() {
      return trendingSnapshotEntity(table);
    },
    get dealershipTrending() {
      return dealershipTrendingEntity(table);
    },
  };
  return {
    /** The last snapshot written, or null before the job has ever run. */
    async get(): Promise<TrendingSnapshot | null> {
      const { Item } = await entities.trendingSnapshot.build(GetItemCommand).key({}).send();
      if (!Item) return null;
      const { vehicles, computedAt, fromDay, toDay } = Item;
      return { vehicles: vehicles.map(({ vehicleId, views }) => ({ vehicleId, views })), computedAt, fromDay, toDay };
    },

    async put(snapshot: TrendingSnapshot): Promise<void> {
      await entities.trendingSnapshot.build(PutItemCommand).item(snapshot).send();
    },

    /** A dealership's own list (one GetItem), or null when the job never ranked one of its vehicles. */
    async getForDealership(dealershipId: string): Promise<DealershipTrending | null> {
      const { Item } = await entities.dealershipTrending.build(GetItemCommand).key({ dealershipId }).send();
      if (!Item) return null;
      return {
        dealershipId: Item.dealershipId,
        vehicles: Item.vehicles.map(({ vehicleId, views }) => ({ vehicleId, views })),
        computedAt: Item.computedAt,
      };
    },

    async putForDealership(list: DealershipTrending): Promise<void> {
      await entities.dealershipTrending.build(PutItemCommand).item(list).send();
    },
  };
}
