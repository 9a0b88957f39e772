/**
 * Reading the marketplace: pages of a listing (see marketplace-index.ts for how listings are written), the
 * per-make counts of a tab, and the view and pending-deal counts of the vehicles on a page. Each read costs the
 * same whatever the number of vehicles: a page is one Query with a limit, counts are one Query over the makes.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { vehicleStatsEntity } from '@functions/domain/deals/entities/vehicle-stats';
import { marketplaceListingEntity, LISTING_PARTITION_PREFIX } from '@functions/domain/deals/entities/marketplace-listing';
import { queryAll } from '@functions/lib/data/query';
import { batchGetAll } from '@functions/lib/data/transactions';
import { marketplaceMakeCountEntity, MAKE_COUNT_PARTITION_PREFIX } from '@functions/domain/deals/entities/marketplace-make-count';
import type { LeaseDeskTable } from '@functions/lib/data/table';

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

/** The filter of a search: each word starts a word of the entry's text (" rav" in " 2026 toyota rav4 "). */
const textHasEveryWord = (words: string[]) => ({ and: words.map((word) => ({ attr: 'text' as const, contains: ` ${word}` })) });

/** A position is make#model#id, lower-cased; a make may hold '#' itself, a ULID never does. */
const makeKeyOf = (position: string) => position.split('#').slice(0, -2).join('#');

/** The make counts' key of the tab a listing belongs to ("all#active#tok#rav" -> "all#active"). */
const tabOfListing = (listing: string) => listing.replace(/#(?:\*|tok#.*)$/, '');

/** How many Queries a filtered page may make to fill itself (each reads at most the page size). */
const FILTERED_READS_MAX = 10;

export function marketplaceStore(table: LeaseDeskTable) {
  const entities = {
    get marketplaceListing() {
      return marketplaceListingEntity(table);
    },
    get marketplaceMakeCount() {
      return marketplaceMakeCountEntity(table);
    },
    get vehicleStats() {
      return vehicleStatsEntity(table);
    },
  };
  return {
    /**
     * One page of a listing. With search words the Query filters its entries, and a filtered Query page can hold
     * fewer matches than it read (none, for a dealer whose dealership has many vehicles): the page reads on until
     * it has `limit` matches, the listing ends, or FILTERED_READS_MAX Queries were made, so a page never comes back
     * empty while matches follow, and its cost stays bounded.
     */
    async page(request: ListingPageRequest): Promise<ListingPage> {
      const partition = `${LISTING_PARTITION_PREFIX}${request.listing}`;
      const words = request.words ?? [];
      const filter = words.length > 0 ? textHasEveryWord(words) : undefined;
      const vehicleIds: string[] = [];
      let position = request.after ?? null;
      for (let reads = 0; reads < (filter ? FILTERED_READS_MAX : 1); reads++) {
        const { Items = [], LastEvaluatedKey } = await table
          .build(QueryCommand)
          .entities(entities.marketplaceListing)
          .query({
            partition,
            ...(request.makeKey ? { range: { beginsWith: `${request.makeKey}#` } } : {}),
          })
          .options({
            // Never more matches than the page still needs, so the last position read is the page's end.
            limit: request.limit - vehicleIds.length,
            maxPages: 1,
            ...(position ? { exclusiveStartKey: { pk: partition, sk: position } } : {}),
            ...(filter ? { filters: { marketplaceListing: filter } } : {}),
          })
          .send();
        vehicleIds.push(...Items.map((entry) => entry.vehicleId));
        position = typeof LastEvaluatedKey?.sk === 'string' ? LastEvaluatedKey.sk : null;
        if (!position || vehicleIds.length >= request.limit) break;
      }
      return { vehicleIds, lastPosition: position };
    },

    /**
     * Per make key, the entries of a listing whose text has every word (makes without a match left out): the
     * listing is read to its end (only `makeKey`'s entries with one), so the cost is that of its entries (a search
     * token's or a dealership's vehicles, of one make with `makeKey`), not of the table. Only the keys are read back.
     */
    async matchCounts(request: { listing: string; words: string[]; makeKey?: string }): Promise<Map<string, number>> {
      const partition = `${LISTING_PARTITION_PREFIX}${request.listing}`;
      const { Items = [] } = await table
        .build(QueryCommand)
        .entities(entities.marketplaceListing)
        .query({ partition, ...(request.makeKey ? { range: { beginsWith: `${request.makeKey}#` } } : {}) })
        .options({
          filters: { marketplaceListing: textHasEveryWord(request.words) },
          attributes: ['position'],
          maxPages: Infinity,
        })
        .send();
      const byMake = new Map<string, number>();
      for (const { position } of Items) {
        const makeKey = makeKeyOf(position);
        byMake.set(makeKey, (byMake.get(makeKey) ?? 0) + 1);
      }
      return byMake;
    },

    /** Per make, the entries of a listing whose text has every word (alphabetical, makes without a match left out). */
    async countMatches(request: {
      listing: string;
      words: string[];
    }): Promise<{ make: string; makeKey: string; count: number }[]> {
      const byMake = await this.matchCounts(request);
      // Names as the make counts write them (the listing keeps only the lower-cased key).
      const names = new Map((await this.makeCounts(tabOfListing(request.listing))).map(({ makeKey, make }) => [makeKey, make]));
      return [...byMake]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([makeKey, count]) => ({ make: names.get(makeKey) ?? makeKey, makeKey, count }));
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
