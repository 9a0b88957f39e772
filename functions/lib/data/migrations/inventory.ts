/**
 * The inventory migration (issue 20; docs/operations.md "Migrations"): separates the marketplace listings from the
 * client deals stored before the `listing` flag existed. One-off, idempotent, with a dry run.
 *
 * Each deal without the flag is classified (shared/marketplace/inventory.ts `inferredListing`: a stock number is
 * what only the add-vehicle form gives) and rewritten unchanged through the deals store, which stores the flag
 * and, in the same transaction, moves every derived item from the old rules to today's (functions/lib/data/deals/
 * inventory.ts): a client deal leaves the marketplace's entries and make counts and the marketplace counters, a
 * listing leaves its broker's statistics and recent deals, pending-deal counts follow the open statuses, and a closed
 * client deal created from a listing takes its unit. A deal written meanwhile is read again; a deal already carrying
 * the flag is skipped, so a second run (or a run after an interrupted one) changes nothing.
 *
 * Deals are enumerated by status (gsi1, every deal has one), not scanned.
 */
import { DEAL_STATUSES } from '@shared/deals/enums';
import { inferredListing, stockChanges } from '@shared/marketplace/inventory';
import type { Deal, DealStore } from '@functions/lib/data/deals/deals';
import { isLegacyDeal } from '@functions/lib/data/deals/inventory';
import { DealChangedError, VehicleSoldOutError } from '@functions/lib/data/errors';

export interface InventoryMigrationReport {
  dryRun: boolean;
  /** Deals read. */
  deals: number;
  /** Deals already carrying the flag (migrated before, or written since issue 20). */
  alreadyMigrated: number;
  /** Deals without the flag, by what they are. */
  listings: number;
  clientDeals: number;
  /** Deals rewritten with the flag (0 on a dry run). */
  migrated: number;
  /** Per vehicle id, the units its closed client deals take (the stock change the run makes or would make). */
  unitsTaken: Record<string, number>;
  /** Deals left without the flag, with why: a closed deal whose vehicle has no unit left, or edited throughout. */
  skipped: { id: string; reason: string }[];
}

const ATTEMPTS = 5;

export async function migrateInventory(
  data: { deals: DealStore },
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
    skipped: [],
  };
  for (const status of DEAL_STATUSES) {
    const deals = await data.deals.listByStatus(status);
    report.deals += deals.length;
    for (const deal of deals) {
      if (!isLegacyDeal(deal)) {
        report.alreadyMigrated++;
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
  return report;
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
