/**
 * The commission ledger's opening (docs/operations.md, "Migrations"; docs/decisions.md, "Commission ledger"): books
 * every closed deal stored before the ledger once, at its broker's rate in force today (the best that can be known:
 * the rates of the past were never kept). One-off, idempotent, with a dry run.
 *
 * Each closed deal (read by status, gsi1, never scanned) that earns and carries no booking is rewritten unchanged
 * through the deals store, whose write books it in the deal's own transaction exactly as a close does today: the
 * entry in the month the deal closed, that month's sum, the broker's head. A deal that carries a booking is done (a
 * second run finds every deal booked). A deal edited during the run is read again once; an edit books it by itself.
 */
import { DealChangedError } from '@functions/lib/data/errors';
import type { DealStore } from '@functions/domain/deals/deals';
import { earningOf } from '@functions/domain/commission/booking';
import { indexRoleOf } from '@functions/domain/deals/inventory';
import type { Deal } from '@functions/domain/deals/entities/deal';

export interface CommissionMigrationReport {
  dryRun: boolean;
  /** Closed deals read. */
  deals: number;
  /** Already booked (by a close since the ledger, or an earlier run). */
  alreadyBooked: number;
  /** Closed deals that earn nothing (a listing, or no close date). */
  notEarning: number;
  /** Booked by this run (on a dry run: to book). */
  booked: number;
  skipped: { id: string; reason: string }[];
}

const needsBooking = (deal: Deal) =>
  !deal.commission && earningOf({ ...deal, clientDeal: indexRoleOf(deal).clientDeal }) !== null;

export async function migrateCommission(
  data: { deals: DealStore },
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<CommissionMigrationReport> {
  const log = options.log ?? (() => {});
  const report: CommissionMigrationReport = {
    dryRun: options.dryRun,
    deals: 0,
    alreadyBooked: 0,
    notEarning: 0,
    booked: 0,
    skipped: [],
  };
  const deals = await data.deals.listByStatus('closed');
  report.deals = deals.length;
  for (const deal of deals) {
    if (deal.commission) {
      report.alreadyBooked++;
      continue;
    }
    if (!needsBooking(deal)) {
      report.notEarning++;
      continue;
    }
    if (!options.dryRun) {
      const outcome = await bookOne(data.deals, deal);
      if (outcome !== 'booked') {
        if (outcome !== 'done elsewhere') report.skipped.push({ id: deal.id, reason: outcome });
        continue;
      }
    }
    report.booked++;
  }
  log(`closed: ${deals.length} deals read, ${report.booked} booked`);
  return report;
}

async function bookOne(deals: DealStore, read: Deal): Promise<'booked' | 'done elsewhere' | string> {
  let deal: Deal | null = read;
  for (let attempt = 1; attempt <= 2 && deal; attempt++) {
    if (!needsBooking(deal)) return 'done elsewhere';
    try {
      await deals.replace(deal, deal);
      return 'booked';
    } catch (error) {
      if (!(error instanceof DealChangedError)) throw error;
      deal = await deals.get(read.id);
    }
  }
  return deal ? 'changed during the run twice: run again' : 'done elsewhere';
}
