/**
 * Counters: derived counts, maintained on write. Every write that can change a count computes the change as
 * "contributions after minus contributions before" with these pure functions and applies it with atomic ADDs
 * in the same transaction as the write itself, so a count can never drift from the items it counts and no
 * request ever counts items by reading them.
 *
 * A counter item is identified by its scope: the whole product, one dealership, or one dealership in one
 * calendar month (units sold, for the 6-month window).
 *
 * This is the one counters module: the pure delta functions (unit-tested), the transaction items that apply them,
 * and the store that reads counts.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { isSoldOut } from '@shared/marketplace/inventory';
import { DEAL_LIST_STATUSES } from '../enums';
import { counterEntity } from './counter';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

export const COUNTER_FIELDS = [
  /** Listings in the marketplace's active tab (not archived, not sold out; shared/marketplace/inventory.ts). */
  'marketplaceVehicles',
  /** Client deals (not listings) with a status the deals list shows: available, pending, active, closed. */
  'clientDeals',
  /** Deals with status available (dealership "Live Vehicles"). */
  'liveVehicles',
  /** Closed deals by the month of their close date (dealership "Units Sold (6mo)"). */
  'unitsSold',
  'clients',
  'dealerships',
  /** Broker profiles, approved or not. */
  'brokers',
  /** Users with at least one academy progress record. */
  'academyUsers',
  /** Published academy content items. */
  'academyPublished',
  /** Leads with status new, per inbox scope (functions/domain/leads/leads.ts: every lead, the open pool, one broker's). */
  'newLeads',
] as const;
export type CounterField = (typeof COUNTER_FIELDS)[number];
export type CounterValues = Partial<Record<CounterField, number>>;

export interface CounterDelta {
  scope: string;
  changes: CounterValues;
}

export const GLOBAL_SCOPE = 'global';
export const dealershipScope = (dealershipId: string) => `dealership#${dealershipId}`;

/** Counter scopes of the "New leads" figure: admins read every lead's, a broker their own plus the open pool's. */
export const ALL_LEADS_SCOPE = 'leads';
export const POOL_LEADS_SCOPE = 'leads#pool';
export const brokerLeadsScope = (brokerId: string) => `leads#broker#${brokerId}`;
/** `month` is YYYY-MM (UTC). */
export const dealershipMonthScope = (dealershipId: string, month: string) => `dealership#${dealershipId}#month#${month}`;
/** Every dealership's units sold in one month (the dealerships page's stat card); `month` is YYYY-MM (UTC). */
export const monthScope = (month: string) => `month#${month}`;

/** What a deal's contribution to the counts depends on; nothing else about a deal changes a count. */
export interface DealCountFacts {
  status: string;
  isArchived: boolean;
  dealershipId?: string | null;
  dealClosedAt?: string | null;
  /** A marketplace listing (functions/domain/deals/inventory.ts `indexRoleOf`); absent: a listing. */
  listed?: boolean;
  /** A client deal (the same `indexRoleOf`); absent: a client deal. Only client deals count in `clientDeals`. */
  clientDeal?: boolean;
  /** A listing with 0 left is sold out: out of the active tab, so out of the marketplace count. */
  availableStock?: number | null;
}

function dealContributions(deal: DealCountFacts): CounterDelta[] {
  const listed = deal.clientDeal !== false && (DEAL_LIST_STATUSES as readonly string[]).includes(deal.status) ? 1 : 0;
  const inMarketplace = deal.listed !== false && !deal.isArchived && !isSoldOut(deal) ? 1 : 0;
  const live = deal.status === 'available' ? 1 : 0;
  const contributions: CounterDelta[] = [
    { scope: GLOBAL_SCOPE, changes: { marketplaceVehicles: inMarketplace, clientDeals: listed } },
  ];
  if (deal.dealershipId) {
    contributions.push({
      scope: dealershipScope(deal.dealershipId),
      changes: { marketplaceVehicles: inMarketplace, clientDeals: listed, liveVehicles: live },
    });
    // The dealerships page's stats: the same figures summed over every dealership.
    contributions.push({ scope: GLOBAL_SCOPE, changes: { liveVehicles: live } });
    if (deal.status === 'closed' && deal.dealClosedAt) {
      const month = deal.dealClosedAt.slice(0, 7);
      contributions.push(
        { scope: dealershipMonthScope(deal.dealershipId, month), changes: { unitsSold: 1 } },
        { scope: monthScope(month), changes: { unitsSold: 1 } },
      );
    }
  }
  return contributions;
}

/** Sums deltas per scope and drops zeros, so a write only touches the counter items whose values change. */
export function mergeDeltas(deltas: CounterDelta[]): CounterDelta[] {
  const byScope = new Map<string, CounterValues>();
  for (const { scope, changes } of deltas) {
    const merged = byScope.get(scope) ?? {};
    for (const [field, value] of Object.entries(changes) as [CounterField, number][]) {
      merged[field] = (merged[field] ?? 0) + value;
    }
    byScope.set(scope, merged);
  }
  const result: CounterDelta[] = [];
  for (const [scope, changes] of byScope) {
    const nonZero = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== 0)) as CounterValues;
    if (Object.keys(nonZero).length > 0) result.push({ scope, changes: nonZero });
  }
  return result;
}

/** The counter changes of a deal write: `before` is absent for a create, `after` for a delete. */
export function dealCounterDeltas(before: DealCountFacts | undefined, after: DealCountFacts | undefined): CounterDelta[] {
  const negate = ({ scope, changes }: CounterDelta): CounterDelta => ({
    scope,
    changes: Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, -value])) as CounterValues,
  });
  return mergeDeltas([...(before ? dealContributions(before).map(negate) : []), ...(after ? dealContributions(after) : [])]);
}

/** The transaction items that apply `deltas` (UpdateItem ADD: creates the counter item on first use). */
export function counterOperations(entities: { readonly counter: ReturnType<typeof counterEntity> }, deltas: CounterDelta[]) {
  return deltas.map(({ scope, changes }) => {
    const additions = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, $add(value)]));
    return entities.counter.build(UpdateTransaction).item({ scope, ...additions });
  });
}

export type Counts = Record<CounterField, number>;

export function zeroCounts(): Counts {
  return Object.fromEntries(COUNTER_FIELDS.map((field) => [field, 0])) as Counts;
}

function toCounts(values: CounterValues | undefined): Counts {
  const counts = zeroCounts();
  for (const field of COUNTER_FIELDS) counts[field] = values?.[field] ?? 0;
  return counts;
}

/** The counters store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface CounterStore {
  /** The counts of one scope; a scope nothing was ever counted in reads as zeros. */
  get(scope: string): Promise<Counts>;
  getMany(scopes: string[]): Promise<Map<string, Counts>>;
}

export function counterStore(table: LeaseDeskTable): CounterStore {
  const entities = {
    get counter() {
      return counterEntity(table);
    },
  };
  return {
    async get(scope: string): Promise<Counts> {
      const { Item } = await entities.counter.build(GetItemCommand).key({ scope }).send();
      return toCounts(Item);
    },
    async getMany(scopes: string[]): Promise<Map<string, Counts>> {
      const result = new Map(scopes.map((scope) => [scope, zeroCounts()]));
      const items = await batchGetAll(
        entities.counter,
        scopes.map((scope) => ({ scope })),
      );
      for (const item of items) result.set(item.scope, toCounts(item));
      return result;
    },
  };
}
