/**
 * Vehicle views: one claim item per vehicle, session and day; a successful claim adds 1 to that day's counter
 * (trending) and to the vehicle's total. The two ADDs are separate atomic updates rather than a transaction:
 * every viewer of a popular vehicle touches the same two items, and transactions on a shared item cancel each
 * other under concurrency, while plain ADDs do not.
 */
import type { Entities } from '../service';
import { batchGetAll, isConditionalCheckFailure } from '../transactions';

export interface ViewClaim {
  vehicleId: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  sessionId: string;
  userId: string | null;
  viewedAt: string;
  /** Epoch seconds after which the claim and the day counter may be deleted by TTL. */
  expiresAt: number;
}

export function viewStore(entities: Entities) {
  return {
    /** True when this view counted; false for a repeat of the same session on the same day. */
    async record(claim: ViewClaim): Promise<boolean> {
      try {
        await entities.dealView
          .create({
            dealId: claim.vehicleId,
            day: claim.day,
            sessionId: claim.sessionId,
            ...(claim.userId ? { userId: claim.userId } : {}),
            viewedAt: claim.viewedAt,
            expiresAt: claim.expiresAt,
          })
          .go();
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
      await Promise.all([
        entities.vehicleViewDay.update({ day: claim.day, vehicleId: claim.vehicleId }).add({ views: 1 }).set({ expiresAt: claim.expiresAt }).go(),
        entities.vehicleStats.update({ vehicleId: claim.vehicleId }).add({ views: 1 }).go(),
      ]);
      return true;
    },

    /** Every vehicle viewed on `day` with its count (one partition per day). */
    async countsOn(day: string): Promise<{ vehicleId: string; views: number }[]> {
      const { data } = await entities.vehicleViewDay.query.byDay({ day }).go({ pages: 'all' });
      return data.map((item) => ({ vehicleId: item.vehicleId, views: item.views ?? 0 }));
    },

    async totals(vehicleIds: string[]): Promise<Map<string, number>> {
      const totals = new Map(vehicleIds.map((id) => [id, 0]));
      if (vehicleIds.length === 0) return totals;
      const items = await batchGetAll((keys) => entities.vehicleStats.get(keys).go(), vehicleIds.map((vehicleId) => ({ vehicleId })));
      for (const item of items) totals.set(item.vehicleId, item.views ?? 0);
      return totals;
    },
  };
}
