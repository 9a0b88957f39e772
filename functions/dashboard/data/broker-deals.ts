/**
 * The make counts of a deals-list scope (functions/domain/deals/deal-list-index.ts), read by the dashboard for one
 * broker's listed deals (the Client Deals card in own book, docs/security.md "Ownership"): the sum of the broker's make
 * counts, which each deal's own transaction keeps. One Query bounded by the number of makes, never by the deals. The
 * deals feature reads the same items through its own store (the shape is the same, so the whole-table data fits).
 */
import { dealListCountEntity, DEAL_LIST_COUNT_PARTITION_PREFIX } from '@functions/domain/deals/entities/deal-list-count';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export function makeCountReader(table: LeaseDeskTable) {
  return {
    async makeCounts(set: string): Promise<{ count: number }[]> {
      const items = await queryAll(dealListCountEntity(table), { partition: `${DEAL_LIST_COUNT_PARTITION_PREFIX}${set}` });
      return items.map((item) => ({ count: item.deals ?? 0 })).filter((item) => item.count > 0);
    },
  };
}
