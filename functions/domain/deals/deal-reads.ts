/**
 * The deal aggregate's reads: by id, by stock number, its activity, and the list queries (each one index partition,
 * docs/data-model.md). Reads only; the writes are in ./deal-writes.ts.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { EXPIRABLE_DEAL_STATUSES, type DealStatus } from '@functions/domain/enums';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';
import type { DealStoreEntities } from './deal-store-entities';
import { dealPartitions, type Deal } from './entities/deal';
import { DEAL_ACTIVITY_SORT_PREFIX, type DealActivityItem } from './entities/deal-activity';
import { normalizeStockNumber } from './entities/stock-number';

/** Where a page of the archive starts: the last deal of the previous page. */
export interface ExpiredDealsCursor {
  expirationDate: string;
  id: string;
}

export interface DealReads {
  get(id: string): Promise<Deal | null>;
  getMany(ids: string[]): Promise<Deal[]>;
  /** The deal id holding a stock number, if any (the live uniqueness check of the add-vehicle form). */
  idByStockNumber(value: string): Promise<string | null>;
  /** A deal's newest activity entries, newest first (one Query of at most `limit` items). */
  listActivity(dealId: string, limit: number): Promise<DealActivityItem[]>;
  /** One page of expired deals, latest expiration date first: one Query of at most `limit` index items. */
  pageExpired(options: {
    limit: number;
    after?: ExpiredDealsCursor;
  }): Promise<{ deals: Deal[]; next: ExpiredDealsCursor | null }>;
  /** Deals in the expirable statuses whose expiration date is before `today` (YYYY-MM-DD). */
  listExpiredBefore(today: string): Promise<Deal[]>;
  /** Expired deals, latest expiration date first (the archive). */
  listExpired(): Promise<Deal[]>;
  /** Deals of a status, newest first. */
  listByStatus(status: DealStatus): Promise<Deal[]>;
  /** A broker's deals, newest first. */
  listByBroker(brokerId: string): Promise<Deal[]>;
  /** A client's deals, newest first. */
  listByClient(clientId: string): Promise<Deal[]>;
  /** A dealership's deals and vehicles, newest first. */
  listByDealership(dealershipId: string): Promise<Deal[]>;
  /** The marketplace (or, with `isArchived`, its archive), ordered by make then model, case-insensitively. */
  listMarketplace(isArchived?: boolean): Promise<Deal[]>;
}

/** The entities the reads use: the deal store's (./deal-store-entities.ts), or just these three (./deal-read-store.ts). */
export type DealReadEntities = Pick<DealStoreEntities, 'deal' | 'dealActivity' | 'stockNumber'>;

export function dealReads(table: LeaseDeskTable, entities: DealReadEntities): DealReads {
  const list = (query: Parameters<typeof queryAll>[1], reverse = false) => queryAll(entities.deal, query, { reverse });

  return {
    async get(id) {
      return (await entities.deal.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async getMany(ids) {
      return batchGetAll(
        entities.deal,
        ids.map((id) => ({ id })),
      );
    },

    async idByStockNumber(value) {
      const { Item } = await entities.stockNumber
        .build(GetItemCommand)
        .key({ stockNumber: normalizeStockNumber(value) })
        .send();
      return Item?.dealId ?? null;
    },

    async listActivity(dealId, limit) {
      return queryAll(
        entities.dealActivity,
        { partition: `DEAL#${dealId}`, range: { beginsWith: DEAL_ACTIVITY_SORT_PREFIX } },
        { reverse: true, limit },
      );
    },

    async pageExpired({ limit, after }) {
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.deal)
        .query({ index: 'gsi6', partition: dealPartitions.byExpiry('expired') })
        .options({
          reverse: true,
          limit,
          maxPages: 1,
          exclusiveStartKey: after
            ? {
                pk: `DEAL#${after.id}`,
                sk: 'DEAL',
                gsi6pk: dealPartitions.byExpiry('expired'),
                gsi6sk: `${after.expirationDate}#${after.id}`,
              }
            : undefined,
        })
        .send();
      const deals = Items as Deal[];
      const last = deals.at(-1);
      return {
        deals,
        next: LastEvaluatedKey && last?.expirationDate ? { expirationDate: last.expirationDate, id: last.id } : null,
      };
    },

    async listExpiredBefore(today) {
      const pages = await Promise.all(
        EXPIRABLE_DEAL_STATUSES.map((status) =>
          list({ index: 'gsi6', partition: dealPartitions.byExpiry(status), range: { lt: today } }),
        ),
      );
      return pages.flat();
    },

    async listExpired() {
      return list({ index: 'gsi6', partition: dealPartitions.byExpiry('expired') }, true);
    },

    async listByStatus(status) {
      return list({ index: 'gsi1', partition: dealPartitions.byStatus(status) }, true);
    },

    async listByBroker(brokerId) {
      return list({ index: 'gsi2', partition: dealPartitions.byBroker(brokerId) }, true);
    },

    async listByClient(clientId) {
      return list({ index: 'gsi3', partition: dealPartitions.byClient(clientId) }, true);
    },

    async listByDealership(dealershipId) {
      return list({ index: 'gsi4', partition: dealPartitions.byDealership(dealershipId) }, true);
    },

    async listMarketplace(isArchived = false) {
      return list({ index: 'gsi5', partition: dealPartitions.marketplace(isArchived) });
    },
  };
}
