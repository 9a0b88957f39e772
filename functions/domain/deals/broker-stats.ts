/**
 * Broker performance figures per calendar month (UTC), maintained on write like the counters (./counters.ts):
 * every deal write computes "contributions after minus contributions before" with the pure functions below and
 * applies them with atomic ADDs in the deal's own transaction, so a deal moving to another broker, a fee edit,
 * a deal leaving closed or being deleted all correct the figures, and no request ever reads deals to count them.
 *
 * Only client deals count: a marketplace listing is inventory, not a deal (shared/marketplace/inventory.ts).
 * - dealsCreated: by the month of the deal's created_at;
 * - dealsClosed and fee cents (dealer fee + client fee): by the month of deal_closed_at, while the status is closed.
 *
 * The admins' broker-stats screen reads the figures (functions/brokers/data/broker-stats.ts).
 *
 * Fees are kept in whole cents, so that adding and taking away amounts such as 0.1 never leaves a float residue.
 */
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { brokerMonthStatsEntity } from './entities/broker-month-stats';

/** What a deal's contribution to its broker's figures depends on; nothing else about a deal changes them. */
export interface BrokerStatsFacts {
  brokerId: string;
  createdAt: string;
  status: string;
  dealClosedAt?: string | null;
  brokerFeeDealer?: number | null;
  brokerFeeClient?: number | null;
  /** A client deal (./inventory.ts `indexRoleOf`); a listing is not a deal its broker made. Absent: a client deal. */
  clientDeal?: boolean;
}

export interface BrokerMonthFigures {
  dealsCreated: number;
  dealsClosed: number;
  feeCents: number;
}

export interface BrokerStatsDelta {
  brokerId: string;
  /** YYYY-MM (UTC). */
  month: string;
  changes: Partial<BrokerMonthFigures>;
}

/** The calendar month (UTC) of an ISO date-time written by toISOString(). */
export const monthOf = (isoDateTime: string) => isoDateTime.slice(0, 7);

export const toCents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

function contributions(deal: BrokerStatsFacts): BrokerStatsDelta[] {
  if (deal.clientDeal === false) return [];
  const result: BrokerStatsDelta[] = [{ brokerId: deal.brokerId, month: monthOf(deal.createdAt), changes: { dealsCreated: 1 } }];
  if (deal.status === 'closed' && deal.dealClosedAt) {
    result.push({
      brokerId: deal.brokerId,
      month: monthOf(deal.dealClosedAt),
      changes: { dealsClosed: 1, feeCents: toCents(deal.brokerFeeDealer) + toCents(deal.brokerFeeClient) },
    });
  }
  return result;
}

/** The figure changes of a deal write: `before` is absent for a create, `after` for a delete. Zero changes are dropped. */
export function brokerStatsDeltas(before: BrokerStatsFacts | undefined, after: BrokerStatsFacts | undefined): BrokerStatsDelta[] {
  const byKey = new Map<string, BrokerStatsDelta>();
  const add = (delta: BrokerStatsDelta, sign: 1 | -1) => {
    const key = `${delta.month}#${delta.brokerId}`;
    const merged = byKey.get(key) ?? { brokerId: delta.brokerId, month: delta.month, changes: {} };
    for (const [field, value] of Object.entries(delta.changes) as [keyof BrokerMonthFigures, number][]) {
      merged.changes[field] = (merged.changes[field] ?? 0) + sign * value;
    }
    byKey.set(key, merged);
  };
  if (before) for (const delta of contributions(before)) add(delta, -1);
  if (after) for (const delta of contributions(after)) add(delta, 1);

  const result: BrokerStatsDelta[] = [];
  for (const delta of byKey.values()) {
    const changes = Object.fromEntries(Object.entries(delta.changes).filter(([, value]) => value !== 0));
    if (Object.keys(changes).length > 0) result.push({ ...delta, changes });
  }
  return result;
}

/** The transaction items that apply a deal write's figure changes (UpdateItem ADD: creates the item on first use). */
export function brokerStatsOperations(
  entities: { readonly brokerMonthStats: ReturnType<typeof brokerMonthStatsEntity> },
  before: BrokerStatsFacts | undefined,
  after: BrokerStatsFacts | undefined,
) {
  return brokerStatsDeltas(before, after).map(({ brokerId, month, changes }) => {
    const additions = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, $add(value)]));
    return entities.brokerMonthStats.build(UpdateTransaction).item({ brokerId, month, ...additions });
  });
}
