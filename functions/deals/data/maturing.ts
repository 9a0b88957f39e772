/** Reading the maturing-leases index (functions/domain/deals/entities/deal-maturity-entry.ts): a page of a date range. */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import {
  dealMaturityEntryEntity,
  MATURING_PARTITION_PREFIX,
  type DealMaturityEntry,
} from '@functions/domain/deals/entities/deal-maturity-entry';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export function maturingStore(table: LeaseDeskTable) {
  return {
    /** Entries of `scope` maturing from `from` to `to` (both included), earliest first, after the position `after`. */
    async page(request: {
      scope: string;
      from: string;
      to: string;
      after?: string;
      limit: number;
    }): Promise<{ entries: DealMaturityEntry[]; lastPosition: string | null }> {
      const partition = `${MATURING_PARTITION_PREFIX}${request.scope}`;
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(dealMaturityEntryEntity(table))
        // "#" sorts before every id character and "$" after, so the range holds every deal of both days.
        .query({ partition, range: { between: [`${request.from}#`, `${request.to}$`] } })
        .options({
          limit: request.limit,
          maxPages: 1,
          ...(request.after ? { exclusiveStartKey: { pk: partition, sk: request.after } } : {}),
        })
        .send();
      const entries = Items as DealMaturityEntry[];
      return { entries, lastPosition: LastEvaluatedKey && entries.length > 0 ? entries.at(-1)!.position : null };
    },
  };
}
