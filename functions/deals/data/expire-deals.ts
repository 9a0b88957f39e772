/**
 * The deal-expiry job's data (a function of its own): the deal aggregate's reads, and its write path loaded with the
 * first deal that is due. Most daily runs find no deal to expire; they then load only the reads (no commission
 * ledger, brokered-vehicle log, system tasks or derived items, and not the schemas of the entities those write), so
 * the job's cold start evaluates only what such a run can use (docs/architecture.md, "Cold start").
 */
import type { DealStore } from '@functions/domain/deals/deals';
import { dealReadStore } from '@functions/domain/deals/deal-read-store';
import { functionData } from '@functions/lib/data/function-data';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { lazy } from '@functions/lib/lazy';

export interface ExpireDealsData {
  deals: Pick<DealStore, 'listExpiredBefore' | 'get' | 'replace'>;
}

export function expireDealsStore(table: LeaseDeskTable): ExpireDealsData {
  const reads = dealReadStore(table);
  const store = lazy(async () => (await import('@functions/domain/deals/deals')).dealStore(table));
  return {
    deals: {
      listExpiredBefore: (today) => reads.listExpiredBefore(today),
      get: (id) => reads.get(id),
      replace: async (before, after, activity) => (await store()).replace(before, after, activity),
    },
  };
}

export const expireDealsData = functionData(expireDealsStore);
