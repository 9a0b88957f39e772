/**
 * The "Maturing" view's index (../entities/deal-maturity-entry.ts), kept by the deals store in the deal's own
 * transaction (its `indexOperations`): a finalized or closed lease deal with a maturity date has one entry in
 * everyone's listing and one in its broker's; any other deal has none. Computed as "after minus before", so an edit
 * that changes nothing the entry holds writes nothing.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import type { Deal } from './entities/deal';
import {
  MATURING_ALL_SCOPE,
  maturingBrokerScope,
  type DealMaturityEntry,
  type dealMaturityEntryEntity,
} from './entities/deal-maturity-entry';
import { hasStartedLease } from './system-tasks';

export const maturityPosition = (maturityDate: string, dealId: string) => `${maturityDate}#${dealId}`;

/** A deal's entries (none unless it is a started lease with its dates). */
export function maturityEntries(deal: Deal | undefined): DealMaturityEntry[] {
  if (!deal || !hasStartedLease(deal) || !deal.maturityDate || !deal.leaseStartDate) return [];
  const base = {
    position: maturityPosition(deal.maturityDate, deal.id),
    dealId: deal.id,
    brokerId: deal.brokerId,
    leaseStartDate: deal.leaseStartDate,
    maturityDate: deal.maturityDate,
    termMonths: deal.termMonths,
    status: deal.status,
    clientId: deal.clientId,
    clientName: deal.clientName,
    year: deal.year,
    make: deal.make,
    model: deal.model,
    trim: deal.trim,
  };
  return [MATURING_ALL_SCOPE, maturingBrokerScope(deal.brokerId)].map((scope) => ({ scope, ...base }));
}

const keyOf = (entry: Pick<DealMaturityEntry, 'scope' | 'position'>) => `${entry.scope}\n${entry.position}`;
const same = (a: DealMaturityEntry, b: DealMaturityEntry) => JSON.stringify(a) === JSON.stringify(b);

/** Entries to put (new or changed) and to delete (gone). */
export function maturityEntryChanges(before: Deal | undefined, after: Deal | undefined) {
  const old = new Map(maturityEntries(before).map((entry) => [keyOf(entry), entry]));
  const next = maturityEntries(after);
  const nextKeys = new Set(next.map(keyOf));
  return {
    put: next.filter((entry) => {
      const previous = old.get(keyOf(entry));
      return !previous || !same(previous, entry);
    }),
    remove: [...old.values()].filter((entry) => !nextKeys.has(keyOf(entry))),
  };
}

export function maturityIndexOperations(
  entities: { readonly dealMaturityEntry: ReturnType<typeof dealMaturityEntryEntity> },
  before: Deal | undefined,
  after: Deal | undefined,
) {
  const { put, remove } = maturityEntryChanges(before, after);
  return [
    ...put.map((entry) =>
      entities.dealMaturityEntry
        .build(PutTransaction)
        .item(Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as DealMaturityEntry),
    ),
    ...remove.map(({ scope, position }) => entities.dealMaturityEntry.build(DeleteTransaction).key({ scope, position })),
  ];
}
