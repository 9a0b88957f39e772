/**
 * What a deal write derives from the deal before and after it: the item as stored, the index items kept in step
 * with it, its counter deltas and the stock it moves on its source vehicle. Pure: the writes
 * (./deal-writes.ts, ./deal-stock.ts) put them in their transaction.
 */
import { pick, writableAttributes } from '@functions/lib/data/keys';
import type { WriteOperation } from '@functions/lib/data/transactions';
import { dealCounterDeltas, type CounterDelta } from '@functions/domain/counters/counters';
import { stockChanges } from '@shared/marketplace/inventory';
import { brokerStatsOperations } from './broker-stats';
import { dealListIndexOperations } from './deal-list-index';
import type { DealStoreEntities } from './deal-store-entities';
import { dealSchema, type Deal } from './entities/deal';
import { normalizeStockNumber } from './entities/stock-number';
import { indexedDeal, indexRoleOf, listingFlag } from './inventory';
import { marketplaceIndexOperations } from './marketplace-index';
import { maturityIndexOperations } from './maturity-index';
import { leaseDates } from './system-tasks';

const DEAL_ATTRIBUTES = writableAttributes(dealSchema);

/**
 * The transaction items that keep every derived item in step with a deal write (`after` absent for a delete):
 * broker statistics, the marketplace's entries and counts, the deals list's, the maturity index. Each writer gets
 * "before" as the item was indexed (./inventory.ts: a deal older than the listing flag by the old rules) and "after"
 * by today's, so the first write of an old deal moves it over.
 */
export function indexOperations(
  entities: DealStoreEntities,
  before: Deal | undefined,
  after: Deal | undefined,
): WriteOperation[] {
  const was = before && indexedDeal(before);
  const is = after && indexedDeal(after);
  return [
    ...brokerStatsOperations(entities, was, is),
    ...marketplaceIndexOperations(entities, was, is),
    ...dealListIndexOperations(entities, before, after),
    ...maturityIndexOperations(entities, before, after),
  ];
}

/**
 * The counter changes of a deal write. They are not among indexOperations: the stock commit (./deal-stock.ts) merges
 * them with its source vehicle's, since a deal and the vehicle it takes a unit from often change the same counter
 * item (a deal becoming a client deal while the vehicle sells out: both change the global counter), and a
 * transaction may hold one operation per item.
 */
export function counterDeltasOf(before: Deal | undefined, after: Deal | undefined): CounterDelta[] {
  return dealCounterDeltas(before && indexedDeal(before), after && indexedDeal(after));
}

/**
 * A deal as the store writes it: the listing flag always set, the stock number normalised, a started lease's dates
 * set (any other deal's cleared), the revision moved on.
 */
export function stored(before: Deal | undefined, after: Deal): Deal {
  return {
    ...pick(after, DEAL_ATTRIBUTES),
    ...leaseDates(after, new Date().toISOString().slice(0, 10)),
    listing: listingFlag(after),
    stockNumber: after.stockNumber ? normalizeStockNumber(after.stockNumber) : undefined,
    revision: (before?.revision ?? 0) + 1,
  };
}

/** Per vehicle, the stock a write moves: by the units the deal held as indexed before and holds after (./inventory.ts). */
export function unitChanges(before: Deal | undefined, after: Deal | undefined): Map<string, number> {
  const held = (deal: Deal | undefined) => {
    const vehicleId = deal && indexRoleOf(deal).unitTakenFrom;
    return vehicleId ? { status: 'closed', sourceVehicleId: vehicleId, listing: false } : undefined;
  };
  return stockChanges(held(before), held(after));
}

/** The deal as a read returns it: absent attributes are absent, not undefined. */
export function stripUndefined(deal: Deal): Deal {
  return Object.fromEntries(Object.entries(deal).filter(([, value]) => value !== undefined)) as Deal;
}
