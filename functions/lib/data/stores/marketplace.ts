/**
 * Reading the marketplace: pages of a listing (see marketplace-index.ts for how listings are written), the
 * per-make counts of a tab, and the view and pending-deal counts of the vehicles on a page. Each read costs the
 * same whatever the number of vehicles: a page is one Query with a limit, counts are one Query over the makes.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Entities } from '../entities';
import { LISTING_PARTITION_PREFIX } from '../entities/marketplace-listing';
import { queryAll } from '../query';
import { batchGetAll } from '../transactions';
import { MAKE_COUNT_PARTITION_PREFIX } from '../entities/marketplace-make-count';
import type { LeaseDeskTable } from '../table';

export interface ListingPageRequest {
  /** A listing key (marketplace-index.ts `listingKey`). */
  listing: string;
  /** Only vehicles of this make (lower-cased make key). */
  makeKey?: string;
  /** Each must start a word of the entry's text (lower-cased). */
  words?: string[];
  /** The position to continue after (the last page's `lastPosition`). */
  after?: string;
  limit: number;
}

export interface ListingPage {
  vehicleIds: string[];
  /** Where the next page starts; null when the listing is exhausted. */
  lastPosition: string | null;
}

export interface VehicleCounts {
  views: number;
  pendingDeals: number;
}

export function marketplaceStore(entities: Pick<Entities, 'marketplaceListing' | 'marketplaceMakeCount' | 'vehicleStats'>) {
  return {
    async page(request: ListingPageRequest): Promise<ListingPage> {
      const table = entities.marketplaceListing.table as LeaseDeskTable;
      const partition = `${LISTING_PARTITION_PREFIX}${request.listing}`;
      const words = request.words ?? [];
      const filter =
        words.length > 0 ? { and: words.map((word) => ({ attr: 'text' as const, contains: ` ${word}` })) } : undefined;
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.marketplaceListing)
        .query({
          partition,
          ...(request.makeKey ? { range: { beginsWith: `${request.makeKey}#` } } : {}),
        })
        .options({
          limit: request.limit,
          maxPages: 1,
          ...(request.after ? { exclusiveStartKey: { pk: partition, sk: request.after } } : {}),
          ...(filter ? { filters: { marketplaceListing: filter } } : {}),
        })
        .send();
      return {
        vehicleIds: Items.map((entry) => entry.vehicleId),
        lastPosition: typeof LastEvaluatedKey?.sk === 'string' ? LastEvaluatedKey.sk : null,
      };
    },

    /** The makes of a tab (`scope#tab`) with their vehicle counts, alphabetical; makes counted down to 0 left out. */
    async makeCounts(tab: string): Promise<{ make: string; makeKey: string; count: number }[]> {
      const items = await queryAll(entities.marketplaceMakeCount, { partition: `${MAKE_COUNT_PARTITION_PREFIX}${tab}` });
      return items
        .map((item) => ({ make: item.make, makeKey: item.makeKey, count: item.vehicles ?? 0 }))
        .filter((item) => item.count > 0);
    },

    async counts(vehicleIds: string[]): Promise<Map<string, VehicleCounts>> {
      const result = new Map(vehicleIds.map((id) => [id, { views: 0, pendingDeals: 0 }]));
      const items = await batchGetAll(
        entities.vehicleStats,
        vehicleIds.map((vehicleId) => ({ vehicleId })),
      );
      for (const item of items) result.set(item.vehicleId, { views: item.views ?? 0, pendingDeals: item.pendingDeals ?? 0 });
      return result;
    },
  };
}
