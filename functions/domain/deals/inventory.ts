/**
 * How a stored deal is indexed (shared/marketplace/inventory.ts has the rule). Every write since 25 Nov 2026 stores the
 * `listing` flag; a deal without it was indexed by the rules before: in the marketplace (every deal was), counted in
 * its broker's statistics, pending on its source vehicle only while its status was pending, holding no unit. The
 * store computes "before" with the rules the item was indexed by and "after" with today's, so the first write of an
 * old deal (an edit, or the migration's rewrite) moves every derived item over in the deal's own transaction.
 */
import { inferredListing, pendingOn, unitTakenFrom } from '@shared/marketplace/inventory';
import type { Deal } from './entities/deal';

export interface IndexRole {
  /** A listing: in the marketplace's entries and make counts, and the marketplaceVehicles counters. */
  listed: boolean;
  /** A client deal: counted in its broker's statistics and among a broker's recent deals. */
  clientDeal: boolean;
  /** The vehicle it counts on as a pending deal. */
  pendingOn: string | null;
  /** The vehicle it holds one unit of. */
  unitTakenFrom: string | null;
}

/** Whether the item was written before the flag existed. */
export const isLegacyDeal = (deal: Pick<Deal, 'listing'>): boolean => deal.listing === undefined || deal.listing === null;

/** The flag a write stores: the one given, else the inferred one (an older deal, or a caller that did not say). */
export const listingFlag = (deal: Pick<Deal, 'listing' | 'stockNumber'>): boolean => deal.listing ?? inferredListing(deal);

export function indexRoleOf(deal: Deal): IndexRole {
  if (isLegacyDeal(deal)) {
    return {
      listed: true,
      clientDeal: true,
      pendingOn: deal.status === 'pending' && deal.sourceVehicleId ? deal.sourceVehicleId : null,
      unitTakenFrom: null,
    };
  }
  return { listed: !!deal.listing, clientDeal: !deal.listing, pendingOn: pendingOn(deal), unitTakenFrom: unitTakenFrom(deal) };
}

/** The deal with the facts every index writer reads. */
export const indexedDeal = (deal: Deal) => ({ ...deal, ...indexRoleOf(deal) });
export type IndexedDeal = ReturnType<typeof indexedDeal>;
