/**
 * Pages of deals for the deals export, newest first, one Query each: a broker's deals (their client deals and their
 * listings, the two gsi2 partitions), or every deal (the gsi1 partition of each status), one stream after the other.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { dealEntity, dealPartitions, type Deal } from '@functions/domain/deals/entities/deal';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export interface DealStream {
  index: 'gsi1' | 'gsi2';
  partition: string;
}

/** Pure: the streams an export reads, in order. */
export function dealExportStreams(brokerId: string | null): DealStream[] {
  if (brokerId) {
    return [
      { index: 'gsi2', partition: dealPartitions.byBroker(brokerId) },
      { index: 'gsi2', partition: dealPartitions.listingsByBroker(brokerId) },
    ];
  }
  return DEAL_STATUSES.map((status) => ({ index: 'gsi1', partition: dealPartitions.byStatus(status) }));
}

/** A deal's position in its stream (the index sort key). */
export const dealPosition = (deal: Pick<Deal, 'createdAt' | 'id'>) => `DEAL#${deal.createdAt}#${deal.id}`;

export function dealExportReader(table: LeaseDeskTable) {
  return {
    /** Up to `limit` deals of `stream` after `after` (newest first), and whether the stream has more. */
    async page(stream: DealStream, after: string | undefined, limit: number): Promise<{ deals: Deal[]; more: boolean }> {
      const entity = dealEntity(table);
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entity)
        .query({ index: stream.index, partition: stream.partition, ...(after ? { range: { lt: after } } : {}) })
        .options({ reverse: true, limit, maxPages: 1 })
        .send();
      return { deals: Items as Deal[], more: LastEvaluatedKey !== undefined };
    },
  };
}
