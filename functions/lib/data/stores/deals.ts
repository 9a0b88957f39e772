/**
 * Deals (and marketplace vehicles). Every write goes through `write`: the whole deal is put on the condition
 * that its revision is still the one read, together with its stock-number claim and its counter deltas, in one
 * transaction, and with the marketplace's listing entries, make counts and pending-deal counts. Nothing else
 * writes deal items, so the counts cannot drift.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ulid } from 'ulid';
import { ConflictError } from '@functions/lib/errors';
import type { Entities } from '../entities';
import { dealPartitions, dealSchema, type Deal } from '../entities/deal';
import { pick, writableAttributes } from '../entities/keys';
import { normalizeStockNumber } from '../entities/stock-number';
import { EXPIRABLE_DEAL_STATUSES, type DealStatus } from '../enums';
import { queryAll } from '../query';
import { batchGetAll, commit } from '../transactions';
import { counterOperations, dealCounterDeltas } from './counters';
import { dealListIndexOperations } from './deal-list-index';
import { marketplaceIndexOperations } from './marketplace-index';

export type { Deal } from '../entities/deal';
export { normalizeStockNumber } from '../entities/stock-number';

/** A deal as written: everything but the store-managed attributes. */
export type DealFields = Omit<Deal, 'id' | 'createdAt' | 'revision'>;

export const STOCK_NUMBER_TAKEN = 'This stock number is already in use';
const DEAL_CHANGED = 'This deal was changed by someone else. Reload it and try again.';

const DEAL_ATTRIBUTES = writableAttributes(dealSchema);

type DealEntities = Pick<
  Entities,
  | 'deal'
  | 'stockNumber'
  | 'counter'
  | 'marketplaceListing'
  | 'marketplaceMakeCount'
  | 'vehicleStats'
  | 'dealListEntry'
  | 'dealListCount'
>;

export function dealStore(entities: DealEntities) {
  /** Writes `after` over `before` (absent for a create); returns the deal as stored, or null when a create finds the id taken. */
  async function write(before: Deal | undefined, after: Deal): Promise<Deal | null> {
    const item: Deal = {
      ...pick(after, DEAL_ATTRIBUTES),
      stockNumber: after.stockNumber ? normalizeStockNumber(after.stockNumber) : undefined,
      revision: (before?.revision ?? 0) + 1,
    };
    const claim = item.stockNumber && item.stockNumber !== before?.stockNumber ? item.stockNumber : undefined;
    const release = before?.stockNumber && before.stockNumber !== item.stockNumber ? before.stockNumber : undefined;

    const outcome = await commit([
      entities.deal
        .build(PutTransaction)
        .item(item)
        .options({ condition: before ? { attr: 'revision', eq: before.revision } : { attr: 'id', exists: false } }),
      ...(claim
        ? [
            entities.stockNumber
              .build(PutTransaction)
              .item({ stockNumber: claim, dealId: item.id })
              .options({ condition: { attr: 'stockNumber', exists: false } }),
          ]
        : []),
      ...(release ? [entities.stockNumber.build(DeleteTransaction).key({ stockNumber: release })] : []),
      ...counterOperations(entities, dealCounterDeltas(before, item)),
      ...marketplaceIndexOperations(entities, before, item),
      ...dealListIndexOperations(entities, before, item),
    ]);
    if (outcome.ok) return stripUndefined(item);
    if (outcome.failedConditions.includes(0)) {
      if (before) throw new ConflictError(DEAL_CHANGED);
      return null;
    }
    throw new ConflictError(STOCK_NUMBER_TAKEN);
  }

  const list = (query: Parameters<typeof queryAll>[1], reverse = false) => queryAll(entities.deal, query, { reverse });

  return {
    /** Creates a deal; `id` is for the seed (deterministic ids). `created` is false when that id exists already. */
    async create(fields: DealFields & { id?: string }, now: Date): Promise<{ created: boolean; deal: Deal }> {
      const draft: Deal = { ...fields, id: fields.id ?? ulid(now.getTime()), createdAt: now.toISOString(), revision: 0 };
      const stored = await write(undefined, draft);
      return { created: stored !== null, deal: stored ?? draft };
    },

    async get(id: string): Promise<Deal | null> {
      return (await entities.deal.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async getMany(ids: string[]): Promise<Deal[]> {
      return batchGetAll(
        entities.deal,
        ids.map((id) => ({ id })),
      );
    },

    /** The deal id holding a stock number, if any (the live uniqueness check of the add-vehicle form). */
    async idByStockNumber(value: string): Promise<string | null> {
      const { Item } = await entities.stockNumber
        .build(GetItemCommand)
        .key({ stockNumber: normalizeStockNumber(value) })
        .send();
      return Item?.dealId ?? null;
    },

    /**
     * Replaces a deal read earlier and returns it as stored; throws a ConflictError when it changed since. The id
     * and creation time are the ones read, whatever `after` says.
     */
    async replace(before: Deal, after: Deal): Promise<Deal> {
      return (await write(before, { ...after, id: before.id, createdAt: before.createdAt }))!;
    },

    /** Deals in the expirable statuses whose expiration date is before `today` (YYYY-MM-DD). */
    async listExpiredBefore(today: string): Promise<Deal[]> {
      const pages = await Promise.all(
        EXPIRABLE_DEAL_STATUSES.map((status) =>
          list({ index: 'gsi6', partition: dealPartitions.byExpiry(status), range: { lt: today } }),
        ),
      );
      return pages.flat();
    },

    /** Expired deals, latest expiration date first (the archive). */
    async listExpired(): Promise<Deal[]> {
      return list({ index: 'gsi6', partition: dealPartitions.byExpiry('expired') }, true);
    },

    /** Deals of a status, newest first. */
    async listByStatus(status: DealStatus): Promise<Deal[]> {
      return list({ index: 'gsi1', partition: dealPartitions.byStatus(status) }, true);
    },

    /** A broker's deals, newest first. */
    async listByBroker(brokerId: string): Promise<Deal[]> {
      return list({ index: 'gsi2', partition: dealPartitions.byBroker(brokerId) }, true);
    },

    /** A client's deals, newest first. */
    async listByClient(clientId: string): Promise<Deal[]> {
      return list({ index: 'gsi3', partition: dealPartitions.byClient(clientId) }, true);
    },

    /** A dealership's deals and vehicles, newest first. */
    async listByDealership(dealershipId: string): Promise<Deal[]> {
      return list({ index: 'gsi4', partition: dealPartitions.byDealership(dealershipId) }, true);
    },

    /** The marketplace (or, with `isArchived`, its archive), ordered by make then model, case-insensitively. */
    async listMarketplace(isArchived = false): Promise<Deal[]> {
      return list({ index: 'gsi5', partition: dealPartitions.marketplace(isArchived) });
    },
  };
}

/** The deal as a read returns it: absent attributes are absent, not undefined. */
function stripUndefined(deal: Deal): Deal {
  return Object.fromEntries(Object.entries(deal).filter(([, value]) => value !== undefined)) as Deal;
}
