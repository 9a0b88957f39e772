/**
 * Reading the search indexes for the global search: one token listing (or, for a dealer, their dealership's
 * listing) per kind, a bounded number of entries, filtered by every search word (checked as word starts of the
 * entry's `text`). Each read is one or two Queries with a small Limit, so its cost does not depend on the number of
 * clients, deals, leads or vehicles (docs/data-model.md, "Global search"). The indexes are written by their owners
 * (clients store, deal aggregate, lead create); this only reads them.
 */
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { clientSearchEntryEntity, CLIENT_SEARCH_PARTITION_PREFIX } from '@functions/domain/clients/client-search-entry';
import { dealListEntryEntity, DEAL_LIST_PARTITION_PREFIX } from '@functions/domain/deals/entities/deal-list-entry';
import { leadSearchEntryEntity, LEAD_SEARCH_PARTITION_PREFIX } from '@functions/domain/leads/lead-search-entry';
import { marketplaceListingEntity, LISTING_PARTITION_PREFIX } from '@functions/domain/deals/entities/marketplace-listing';
import { quoteLeadEntity, type QuoteLead } from '@functions/domain/leads/quote-lead';
import { stockNumberEntity } from '@functions/domain/deals/entities/stock-number';
import { wordStartConditions } from '@functions/lib/data/search-words';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

/**
 * How much one kind's read may look at: the entries each Query evaluates (DynamoDB's Limit, applied before the word
 * filter), one Query after the other while matches are missing, growing so that a listing dense with matches costs
 * one small Query and a sparse one is still read far.
 */
export interface ReadBudget {
  /** The Limit of each Query in turn (their sum: the entries evaluated at most). */
  limits: readonly number[];
  /** Matches wanted: the read stops once it has these. */
  want: number;
}

type TextEntity = Entity;

async function readListing<E extends TextEntity>(
  entity: E,
  partition: string,
  words: readonly string[],
  budget: ReadBudget,
): Promise<FormattedItem<E>[]> {
  const table = entity.table as LeaseDeskTable;
  const found: FormattedItem<E>[] = [];
  let after: string | undefined;
  for (const limit of budget.limits) {
    if (found.length >= budget.want) break;
    const { Items = [], LastEvaluatedKey } = await table
      .build(QueryCommand)
      .entities(entity)
      .query({ partition })
      .options({
        limit,
        maxPages: 1,
        ...(after ? { exclusiveStartKey: { pk: partition, sk: after } } : {}),
        ...(words.length > 0 ? { filters: { [entity.entityName]: { and: wordStartConditions('text', [...words]) } } } : {}),
      } as never)
      .send();
    found.push(...(Items as FormattedItem<E>[]));
    after = typeof LastEvaluatedKey?.sk === 'string' ? LastEvaluatedKey.sk : undefined;
    if (!after) break;
  }
  return found.slice(0, budget.want);
}

export function searchIndexStore(table: LeaseDeskTable) {
  return {
    /** Client ids from `CLIENTSEARCH#{token}` (clients store), in name order. */
    async clients(token: string, words: readonly string[], budget: ReadBudget): Promise<string[]> {
      const entries = await readListing(
        clientSearchEntryEntity(table),
        `${CLIENT_SEARCH_PARTITION_PREFIX}${token}`,
        words,
        budget,
      );
      return entries.map((entry) => entry.clientId);
    },

    /** Deal ids from a deals-list listing (deal-list-index.ts): a token's, or a dealership's every listed deal. */
    async deals(listing: string, words: readonly string[], budget: ReadBudget): Promise<string[]> {
      const entries = await readListing(dealListEntryEntity(table), `${DEAL_LIST_PARTITION_PREFIX}${listing}`, words, budget);
      return entries.map((entry) => entry.dealId);
    },

    /** Lead ids from `LEADSEARCH#{token}` (lead-search-index.ts), newest first. */
    async leads(token: string, words: readonly string[], budget: ReadBudget): Promise<string[]> {
      const entries = await readListing(leadSearchEntryEntity(table), `${LEAD_SEARCH_PARTITION_PREFIX}${token}`, words, budget);
      return entries.map((entry) => entry.leadId);
    },

    /** Vehicle ids from a marketplace listing (marketplace-index.ts): a token's, or a dealership's tab. */
    async vehicles(listing: string, words: readonly string[], budget: ReadBudget): Promise<string[]> {
      const entries = await readListing(marketplaceListingEntity(table), `${LISTING_PARTITION_PREFIX}${listing}`, words, budget);
      return entries.map((entry) => entry.vehicleId);
    },

    /**
     * The deal or vehicle holding this whole stock number, from its claim (the item that keeps stock numbers unique:
     * functions/domain/deals/entities/stock-number.ts): one GetItem, whatever the deal's status.
     */
    async dealOfStockNumber(stockNumber: string): Promise<string | null> {
      const { Item } = await stockNumberEntity(table).build(GetItemCommand).key({ stockNumber }).send();
      return Item?.dealId ?? null;
    },

    /** The leads of `ids` (a BatchGet; the leads store reads the inbox's lists, not leads by id in bulk). */
    async leadsById(ids: string[]): Promise<QuoteLead[]> {
      return ids.length > 0
        ? batchGetAll(
            quoteLeadEntity(table),
            ids.map((id) => ({ id })),
          )
        : [];
    },
  };
}
