/**
 * The inventory migration (docs/operations.md, "`inventory` (listings and client deals apart)"): separates the
 * marketplace listings from the client deals stored before the `listing` flag existed. One-off, idempotent, with a dry
 * run.
 *
 * Each deal without the flag is classified (shared/marketplace/inventory.ts `inferredListing`: a stock number is
 * what only the add-vehicle form gives) and rewritten unchanged through the deals store, which stores the flag
 * and, in the same transaction, moves every derived item from the old rules to today's (functions/domain/deals/
 * inventory.ts): a client deal leaves the marketplace's entries and make counts and the marketplace counters, a
 * listing leaves its broker's statistics and recent deals, pending-deal counts follow the open statuses, and a closed
 * client deal created from a listing takes its unit. A deal written meanwhile is read again; a deal already carrying
 * the flag is skipped, so a second run (or a run after an interrupted one) changes nothing.
 *
 * Listings written with the flag before the rule that keeps listings out of the deals list (a few hours of 25 Nov 2026)
 * still have the deals-list items a client deal has (list entries, group and make counts, their broker's own-book
 * entry and make count, which is the broker's "Client Deals") and count in the `clientDeals` counters. No deal write
 * removes them (today's rules see a listing before and after), so the migration does, from the evidence: the entries
 * the old rule wrote for the listing as it stands are read; when they are there and match it, they are deleted (each
 * on the condition that it still exists) and the counts they stand for taken back, in one transaction per listing.
 * A second run, or a concurrent one, finds the entries gone and does nothing. A listing edited since in a way that
 * moved its entries is reported, not guessed at.
 *
 * Deals are enumerated by status (gsi1, every deal has one), not scanned.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { inferredListing, stockChanges } from '@shared/marketplace/inventory';
import type { Deal, DealStore } from '@functions/domain/deals/deals';
import {
  ALL_STATUSES,
  brokerScope,
  countDeltas,
  listEntries,
  listingKey,
  makeCountSet,
} from '@functions/domain/deals/deal-list-index';
import { indexedDeal, isLegacyDeal } from '@functions/domain/deals/inventory';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealListCountEntity } from '@functions/domain/deals/entities/deal-list-count';
import { dealListEntryEntity, type DealListEntry } from '@functions/domain/deals/entities/deal-list-entry';
import { DealChangedError, VehicleSoldOutError } from '@functions/lib/data/errors';
import { counterOperations, dealCounterDeltas } from '@functions/domain/counters/counters';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll, commit } from '@functions/lib/data/transactions';

export interface InventoryMigrationReport {
  dryRun: boolean;
  /** Deals read. */
  deals: number;
  /** Deals already carrying the flag (migrated before, or written since 25 Nov 2026). */
  alreadyMigrated: number;
  /** Deals without the flag, by what they are. */
  listings: number;
  clientDeals: number;
  /** Deals rewritten with the flag (0 on a dry run). */
  migrated: number;
  /** Per vehicle id, the units its closed client deals take (the stock change the run makes or would make). */
  unitsTaken: Record<string, number>;
  /**
   * Listings (with the flag) that still had a client deal's deals-list items and `clientDeals` counts, and how many
   * of them were cleared (0 on a dry run).
   */
  staleListings: number;
  staleListingsCleared: number;
  /**
   * Deals left as they were, with why: without the flag, a closed deal whose vehicle has no unit left, or edited
   * throughout; a stale listing whose items no longer match it.
   */
  skipped: { id: string; reason: string }[];
}

interface MigrationData {
  deals: DealStore;
  table: LeaseDeskTable;
}

const ATTEMPTS = 5;

export async function migrateInventory(
  data: MigrationData,
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<InventoryMigrationReport> {
  const log = options.log ?? (() => {});
  const report: InventoryMigrationReport = {
    dryRun: options.dryRun,
    deals: 0,
    alreadyMigrated: 0,
    listings: 0,
    clientDeals: 0,
    migrated: 0,
    unitsTaken: {},
    staleListings: 0,
    staleListingsCleared: 0,
    skipped: [],
  };
  /** Listings that carried the flag when read: the ones the old deals-list rule may have indexed as client deals. */
  const flagged: Deal[] = [];
  for (const status of DEAL_STATUSES) {
    const deals = await data.deals.listByStatus(status);
    report.deals += deals.length;
    for (const deal of deals) {
      if (!isLegacyDeal(deal)) {
        report.alreadyMigrated++;
        if (deal.listing === true) flagged.push(deal);
        continue;
      }
      const listing = inferredListing(deal);
      if (listing) report.listings++;
      else report.clientDeals++;
      if (options.dryRun) {
        countUnits(report, deal, listing);
        continue;
      }
      const outcome = await migrateOne(data, deal);
      if (outcome === 'migrated') {
        report.migrated++;
        countUnits(report, deal, listing);
      } else if (outcome !== 'done elsewhere') {
        report.skipped.push({ id: deal.id, reason: outcome });
        log(`skipped ${deal.id}: ${outcome}`);
      }
    }
    log(`${status}: ${deals.length} deals read`);
  }
  const entities = {
    counter: counterEntity(data.table),
    dealListEntry: dealListEntryEntity(data.table),
    dealListCount: dealListCountEntity(data.table),
  };
  for (const listing of flagged) {
    const outcome = await clearStaleListing(entities, listing, options.dryRun);
    if (outcome === 'nothing stale') continue;
    report.staleListings++;
    if (outcome === 'cleared') report.staleListingsCleared++;
    else if (outcome !== 'would clear') {
      report.skipped.push({ id: listing.id, reason: outcome });
      log(`skipped ${listing.id}: ${outcome}`);
    }
  }
  log(`listings with a flag: ${flagged.length} read, ${report.staleListings} with client-deal items`);
  return report;
}

type StaleEntities = {
  readonly counter: ReturnType<typeof counterEntity>;
  readonly dealListEntry: ReturnType<typeof dealListEntryEntity>;
  readonly dealListCount: ReturnType<typeof dealListCountEntity>;
};

const entryId = (entry: Pick<DealListEntry, 'listing' | 'position'>) => `${entry.listing}\n${entry.position}`;
const sameEntry = (a: DealListEntry, b: DealListEntry) =>
  a.dealId === b.dealId && a.status === b.status && a.makeKey === b.makeKey && a.groupKey === b.groupKey && a.text === b.text;

/**
 * The transaction that takes a listing's client-deal items away, from what is stored: the entries the old rule wrote
 * for the listing as it stands (`listEntries` of it as a client deal) are read. The shared ones (everyone's and its
 * dealership's listings, with the group and make counts and the `clientDeals` counters they stand for) and its
 * broker's own-book entry (with the broker's make count, which `npm run migrate -- own-book` may have reconciled
 * already) are each taken away when every one of them is there and matches, left when none is there; anything in
 * between means the listing changed since (null: reported). Each entry's delete holds on the condition that it still
 * exists, so a count is never taken back twice.
 */
export function staleListingOperations(entities: StaleEntities, listing: Deal, stored: DealListEntry[]) {
  const asClientDeal = { ...listing, listing: false };
  const expected = listEntries(asClientDeal);
  const have = new Map(stored.map((entry) => [entryId(entry), entry]));
  const ownBook = listing.brokerId ? listingKey(brokerScope(listing.brokerId), ALL_STATUSES) : null;
  const brokerCounts = listing.brokerId ? makeCountSet(brokerScope(listing.brokerId)) : null;
  const part = (entries: DealListEntry[]): 'all' | 'none' | 'changed' => {
    const present = entries.filter((entry) => have.has(entryId(entry)));
    if (present.length === 0) return 'none';
    return present.length === entries.length && entries.every((entry) => sameEntry(have.get(entryId(entry))!, entry))
      ? 'all'
      : 'changed';
  };
  const shared = part(expected.filter((entry) => entry.listing !== ownBook));
  const own = part(expected.filter((entry) => entry.listing === ownBook));
  if (shared === 'changed' || own === 'changed') return null;
  const taken = (entry: { listing: string } | { set: string }) =>
    'listing' in entry
      ? (entry.listing === ownBook ? own : shared) === 'all'
      : (entry.set === brokerCounts ? own : shared) === 'all';
  const indexed = indexedDeal(listing);
  return [
    ...expected.filter(taken).map(({ listing: key, position }) =>
      entities.dealListEntry
        .build(DeleteTransaction)
        .key({ listing: key, position })
        .options({ condition: { attr: 'dealId', exists: true } }),
    ),
    ...countDeltas(asClientDeal, undefined)
      .filter(taken)
      .map(({ set, key, change }) => entities.dealListCount.build(UpdateTransaction).item({ set, key, deals: $add(change) })),
    // The `clientDeals` counters (everyone's, its dealership's) go with the shared entries.
    ...(shared === 'all' ? counterOperations(entities, dealCounterDeltas({ ...indexed, clientDeal: true }, indexed)) : []),
  ];
}

const STALE_ATTEMPTS = 3;

async function clearStaleListing(
  entities: StaleEntities,
  listing: Deal,
  dryRun: boolean,
): Promise<'nothing stale' | 'would clear' | 'cleared' | string> {
  const keys = listEntries({ ...listing, listing: false }).map(({ listing: key, position }) => ({ listing: key, position }));
  for (let attempt = 1; attempt <= STALE_ATTEMPTS; attempt++) {
    const stored = keys.length > 0 ? await batchGetAll(entities.dealListEntry, keys) : [];
    const operations = staleListingOperations(entities, listing, stored);
    if (!operations) return 'its deals-list items no longer match it (edited since they were written): reseed or fix by hand';
    // Nothing (left) to clear: never stale, or cleared by a run alongside this one.
    if (operations.length === 0) return 'nothing stale';
    if (dryRun) return 'would clear';
    const outcome = await commit(operations);
    if (outcome.ok) return 'cleared';
    // An entry went meanwhile (another run cleared it): read again.
  }
  return 'its deals-list items changed on every attempt';
}

function countUnits(report: InventoryMigrationReport, deal: Deal, listing: boolean): void {
  for (const [vehicleId, change] of stockChanges(undefined, { ...deal, listing })) {
    report.unitsTaken[vehicleId] = (report.unitsTaken[vehicleId] ?? 0) - change;
  }
}

/** Rewrites one deal with its flag; re-reads it when someone wrote it in between (their write migrated it, or not). */
async function migrateOne(data: { deals: DealStore }, first: Deal): Promise<'migrated' | 'done elsewhere' | string> {
  let deal: Deal | null = first;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (!deal) return 'done elsewhere';
    if (!isLegacyDeal(deal)) return 'done elsewhere';
    try {
      await data.deals.replace(deal, { ...deal, listing: inferredListing(deal) });
      return 'migrated';
    } catch (error) {
      if (error instanceof VehicleSoldOutError)
        return `its vehicle ${deal.sourceVehicleId} has no unit left for this closed deal`;
      if (!(error instanceof DealChangedError)) throw error;
      deal = await data.deals.get(deal.id);
    }
  }
  return 'written by someone else on every attempt';
}
