/**
 * Vehicle views: one claim item per vehicle, session and day; a successful claim adds 1 to that day's counter
 * (trending) and to the vehicle's total. The two ADDs are separate atomic updates rather than a transaction:
 * every viewer of a popular vehicle touches the same two items, and transactions on a shared item cancel each
 * other under concurrency, while plain ADDs do not.
 */
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { dealViewEntity } from './deal-view';
import { vehicleStatsEntity } from '@functions/domain/deals/entities/vehicle-stats';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { vehicleViewDayEntity, viewDayPartition } from './vehicle-view-day';
import { queryAll } from '@functions/lib/data/query';
import { batchGetAll, isConditionalCheckFailure } from '@functions/lib/data/transactions';

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

export function viewStore(table: LeaseDeskTable) {
  const entities = {
    get dealView() {
      return dealViewEntity(table);
    },
    get vehicleViewDay() {
      return vehicleViewDayEntity(table);
    },
    get vehicleStats() {
      return vehicleStatsEntity(table);
    },
  };
  return {
    /** True when this view counted; false for a repeat of the same session on the same day. */
    async record(claim: ViewClaim): Promise<boolean> {
      try {
        await entities.dealView
          .build(PutItemCommand)
          .item({
            dealId: claim.vehicleId,
            day: claim.day,
            sessionId: claim.sessionId,
            ...(claim.userId ? { userId: claim.userId } : {}),
            viewedAt: claim.viewedAt,
            expiresAt: claim.expiresAt,
          })
          .options({ condition: { attr: 'sessionId', exists: false } })
          .send();
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
      await Promise.all([
        entities.vehicleViewDay
          .build(UpdateItemCommand)
          .item({ day: claim.day, vehicleId: claim.vehicleId, views: $add(1), expiresAt: claim.expiresAt })
          .send(),
        entities.vehicleStats
          .build(UpdateItemCommand)
          .item({ vehicleId: claim.vehicleId, views: $add(1) })
          .send(),
      ]);
      return true;
    },

    /** Every vehicle viewed on `day` with its count (one partition per day). */
    async countsOn(day: string): Promise<{ vehicleId: string; views: number }[]> {
      const items = await queryAll(entities.vehicleViewDay, { partition: viewDayPartition(day) });
      return items.map((item) => ({ vehicleId: item.vehicleId, views: item.views ?? 0 }));
    },

    async totals(vehicleIds: string[]): Promise<Map<string, number>> {
      const totals = new Map(vehicleIds.map((id) => [id, 0]));
      const items = await batchGetAll(
        entities.vehicleStats,
        vehicleIds.map((vehicleId) => ({ vehicleId })),
      );
      for (const item of items) totals.set(item.vehicleId, item.views ?? 0);
      return totals;
    },
  };
}
