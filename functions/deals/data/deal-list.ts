/**
 * Reading the deals list (see deal-list-index.ts for how its items are written): pages of a listing, the exact
 * count of a client group under the filters, and the make counts of a scope. Each read is bounded by the page, not
 * by the number of deals: a page reads at most MAX_READS x limit entries, group counts are a BatchGet, make
 * counts one Query over the makes.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { dealListCountEntity, DEAL_LIST_COUNT_PARTITION_PREFIX } from '@functions/domain/deals/entities/deal-list-count';
import {
  dealListEntryEntity,
  DEAL_LIST_PARTITION_PREFIX,
  type DealListEntry,
} from '@functions/domain/deals/entities/deal-list-entry';
import { listingPage } from '@functions/lib/data/listing-page';
import { queryAll } from '@functions/lib/data/query';
import { wordStartConditions } from '@functions/lib/data/search-words';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

/** Reads of one page when filters drop entries: the page may come back short, with a cursor to go on. */
export const MAX_READS = 3;

/** What an entry must match beyond its listing. */
export interface EntryFilter {
  status?: string;
  makeKey?: string;
  /** Each must start a word of the entry's text (lower-cased). */
  words?: string[];
}

export interface DealListPageRequest extends EntryFilter {
  /** A listing key (deal-list-index.ts). */
  listing: string;
  /** The position to continue after (the last page's `lastPosition`). */
  after?: string;
  limit: number;
}

export interface DealListPage {
  entries: Pick<DealListEntry, 'dealId' | 'groupKey' | 'position'>[];
  /** Where the next page starts; null when the listing is exhausted. */
  lastPosition: string | null;
}

function filterOf({ status, makeKey, words = [] }: EntryFilter) {
  const conditions = [
    ...(status ? [{ attr: 'status' as const, eq: status }] : []),
    ...(makeKey ? [{ attr: 'makeKey' as const, eq: makeKey }] : []),
    ...wordStartConditions('text', words),
  ];
  return conditions.length > 0 ? { and: conditions } : undefined;
}

export function dealListStore(table: LeaseDeskTable) {
  const entities = {
    get dealListEntry() {
      return dealListEntryEntity(table);
    },
    get dealListCount() {
      return dealListCountEntity(table);
    },
  };

  return {
    async page(request: DealListPageRequest): Promise<DealListPage> {
      return listingPage(
        entities.dealListEntry,
        {
          partition: `${DEAL_LIST_PARTITION_PREFIX}${request.listing}`,
          filter: filterOf(request),
          after: request.after,
          limit: request.limit,
          maxReads: MAX_READS,
        },
        (entry) => entry.position,
      );
    },

    /** How many entries of a listing's group (positions starting `groupPrefix`) match `filter`: a search's group count. */
    async countGroup(listing: string, groupPrefix: string, filter: EntryFilter): Promise<number> {
      const condition = filterOf(filter);
      const { Count = 0 } = await table
        .build(QueryCommand)
        .entities(entities.dealListEntry)
        .query({ partition: `${DEAL_LIST_PARTITION_PREFIX}${listing}`, range: { beginsWith: groupPrefix } })
        .options({ select: 'COUNT', maxPages: Infinity, ...(condition ? { filters: { dealListEntry: condition } } : {}) })
        .send();
      return Count;
    },

    /** The counts of `keys` in count sets: `${set}\n${key}` -> count (0 when never counted). */
    async counts(keys: { set: string; key: string }[]): Promise<Map<string, number>> {
      const result = new Map(keys.map(({ set, key }) => [`${set}\n${key}`, 0]));
      const items = await batchGetAll(entities.dealListCount, keys);
      for (const item of items) result.set(`${item.set}\n${item.key}`, item.deals ?? 0);
      return result;
    },

    /** A scope's makes with their counts, alphabetical (lower-cased key order); makes counted down to 0 left out. */
    async makeCounts(set: string): Promise<{ make: string; count: number }[]> {
      const items = await queryAll(entities.dealListCount, { partition: `${DEAL_LIST_COUNT_PARTITION_PREFIX}${set}` });
      return items.map((item) => ({ make: item.label ?? item.key, count: item.deals ?? 0 })).filter((item) => item.count > 0);
    },
  };
}
