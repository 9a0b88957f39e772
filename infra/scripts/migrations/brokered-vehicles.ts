/**
 * The brokered-vehicle log's opening (docs/operations.md, "Migrations"; docs/decisions.md, "Brokered-vehicle log"):
 * logs every deal that stands closed and has no line, with the names as they stand today. One-off, idempotent, with a
 * dry run.
 *
 * The closed deals are read by status (gsi1, never scanned); each that reached closing (a client deal with a close date)
 * gets its line by a put conditioned on the line not existing, so a close or an edit meanwhile (which writes the line
 * itself) is never overwritten, and a second run finds every line there. Deals reopened or deleted before the log
 * left no record that they closed: they get no line.
 */
import type { DealStore } from '@functions/domain/deals/deals';
import type { BrokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';
import { lineFactsOf } from '@functions/domain/brokered-vehicles/line';
import { indexRoleOf } from '@functions/domain/deals/inventory';
import type { Deal } from '@functions/domain/deals/entities/deal';

export interface BrokeredVehiclesMigrationReport {
  dryRun: boolean;
  /** Closed deals read. */
  deals: number;
  /** Already logged (by a close since the log, or an earlier run). */
  alreadyLogged: number;
  /** Closed deals that are no brokered vehicle (a listing, or no close date). */
  notBrokered: number;
  /** Logged by this run (on a dry run: to log). */
  logged: number;
}

const logFacts = (deal: Deal) => ({ ...deal, clientDeal: indexRoleOf(deal).clientDeal });

export async function migrateBrokeredVehicles(
  data: { deals: DealStore; brokeredVehicles: BrokeredVehicleLog },
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<BrokeredVehiclesMigrationReport> {
  const log = options.log ?? (() => {});
  const report: BrokeredVehiclesMigrationReport = {
    dryRun: options.dryRun,
    deals: 0,
    alreadyLogged: 0,
    notBrokered: 0,
    logged: 0,
  };
  const deals = await data.deals.listByStatus('closed');
  report.deals = deals.length;
  const now = new Date();
  for (const deal of deals) {
    if (!lineFactsOf(logFacts(deal))) {
      report.notBrokered++;
      continue;
    }
    const outcome = options.dryRun
      ? (await data.brokeredVehicles.get(deal.id))
        ? 'present'
        : 'logged'
      : await data.brokeredVehicles.logIfMissing(logFacts(deal), now);
    if (outcome === 'logged') report.logged++;
    else report.alreadyLogged++;
  }
  log(`closed: ${deals.length} deals read, ${report.logged} logged`);
  return report;
}
