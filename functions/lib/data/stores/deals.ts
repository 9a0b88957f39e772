/**
 * Deals (and marketplace vehicles). Every write goes through `write`: the whole deal is put on the condition
 * that its revision is still the one read, together with its stock-number claim and its counter deltas, in one
 * transaction. Nothing else writes deal items, so the counts cannot drift.
 */
import { createWriteTransaction } from 'electrodb';
import { ulid } from 'ulid';
import { ConflictError } from '../../errors';
import { dealCounterDeltas } from '../counters';
import { EXPIRABLE_DEAL_STATUSES, type DealStatus } from '../enums';
import type { Deal, Entities } from '../service';
import { batchGetAll, commit } from '../transactions';
import { counterOperations } from './counters';

/** A deal as written: everything but the store-managed attributes. */
export type DealFields = Omit<Deal, 'id' | 'createdAt' | 'revision'>;

export const STOCK_NUMBER_TAKEN = 'This stock number is already in use';
const DEAL_CHANGED = 'This deal was changed by someone else. Reload it and try again.';

export function normalizeStockNumber(stockNumber: string): string {
  return stockNumber.trim().toUpperCase();
}

export function dealStore(entities: Entities) {
  /** Writes `after` over `before` (absent for a create); returns the deal as stored, or null when a create finds the id taken. */
  async function write(before: Deal | undefined, after: Deal): Promise<Deal | null> {
    const item = {
      ...after,
      stockNumber: after.stockNumber ? normalizeStockNumber(after.stockNumber) : undefined,
      revision: (before?.revision ?? 0) + 1,
      expiryStatus: after.expirationDate ? after.status : undefined,
    };
    const claim = item.stockNumber && item.stockNumber !== before?.stockNumber ? item.stockNumber : undefined;
    const release = before?.stockNumber && before.stockNumber !== item.stockNumber ? before.stockNumber : undefined;

    const outcome = await commit(
      createWriteTransaction(
        { deal: entities.deal, stockNumber: entities.stockNumber, counter: entities.counter },
        ({ deal, stockNumber, counter }) => [
          before
            ? deal
                .put(item)
                .where(({ revision }, { eq }) => eq(revision, before.revision))
                .commit()
            : deal.create(item).commit(),
          ...(claim ? [stockNumber.create({ stockNumber: claim, dealId: item.id }).commit()] : []),
          ...(release ? [stockNumber.delete({ stockNumber: release }).commit()] : []),
          ...counterOperations(counter, dealCounterDeltas(before, item)),
        ],
      ),
    );
    if (outcome.ok) {
      const { expiryStatus: _hidden, ...stored } = item;
      return stored;
    }
    if (outcome.failedConditions.includes(0)) {
      if (before) throw new ConflictError(DEAL_CHANGED);
      return null;
    }
    throw new ConflictError(STOCK_NUMBER_TAKEN);
  }

  return {
    /** Creates a deal; `id` is for the seed (deterministic ids). `created` is false when that id exists already. */
    async create(fields: DealFields & { id?: string }, now: Date): Promise<{ created: boolean; deal: Deal }> {
      const draft: Deal = { ...fields, id: fields.id ?? ulid(now.getTime()), createdAt: now.toISOString(), revision: 0 };
      const stored = await write(undefined, draft);
      return { created: stored !== null, deal: stored ?? draft };
    },

    async get(id: string): Promise<Deal | null> {
      return (await entities.deal.get({ id }).go()).data;
    },

    async getMany(ids: string[]): Promise<Deal[]> {
      if (ids.length === 0) return [];
      return batchGetAll((keys) => entities.deal.get(keys).go(), ids.map((id) => ({ id })));
    },

    /** The deal id holding a stock number, if any (the live uniqueness check of the add-vehicle form). */
    async idByStockNumber(value: string): Promise<string | null> {
      const { data } = await entities.stockNumber.get({ stockNumber: normalizeStockNumber(value) }).go();
      return data?.dealId ?? null;
    },

    /** Replaces a deal read earlier and returns it as stored; throws a ConflictError when it changed since. */
    async replace(before: Deal, after: Deal): Promise<Deal> {
      return (await write(before, { ...after, id: before.id, createdAt: before.createdAt }))!;
    },

    /** Deals in the expirable statuses whose expiration date is before `today` (YYYY-MM-DD). */
    async listExpiredBefore(today: string): Promise<Deal[]> {
      const pages = await Promise.all(
        EXPIRABLE_DEAL_STATUSES.map((status) =>
          entities.deal.query.byExpiry({ expiryStatus: status }).lt({ expirationDate: today }).go({ pages: 'all' }),
        ),
      );
      return pages.flatMap((page) => page.data);
    },

    async listByStatus(status: DealStatus): Promise<Deal[]> {
      return (await entities.deal.query.byStatus({ status }).go({ pages: 'all', order: 'desc' })).data;
    },
  };
}
