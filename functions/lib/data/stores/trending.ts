/**
 * The trending snapshot: the rank-trending job replaces it whole; the trending route reads it by its one key.
 */
import type { Entities } from '../service';

export interface TrendingSnapshot {
  /** Most viewed first. */
  vehicles: { vehicleId: string; views: number }[];
  /** ISO date-time of the run that computed it. */
  computedAt: string;
  /** The window's first and last UTC days (YYYY-MM-DD), both included. */
  fromDay: string;
  toDay: string;
}

export function trendingStore(entities: Entities) {
  return {
    /** The last snapshot written, or null before the job has ever run. */
    async get(): Promise<TrendingSnapshot | null> {
      const { data } = await entities.trendingSnapshot.get({}).go();
      if (!data) return null;
      const { vehicles, computedAt, fromDay, toDay } = data;
      return { vehicles: vehicles.map(({ vehicleId, views }) => ({ vehicleId, views })), computedAt, fromDay, toDay };
    },

    async put(snapshot: TrendingSnapshot): Promise<void> {
      await entities.trendingSnapshot.put(snapshot).go();
    },
  };
}
