/**
 * The maturity migration (issue 22; docs/operations.md "Migrations"): gives the deals stored before the deal-driven
 * tasks existed what the deals store now keeps on every write. One-off, idempotent, with a dry run.
 *
 * - a finalized or closed lease: its `leaseStartDate` (the day it closed, else the day the migration runs) and
 *   `maturityDate`, its entries in the maturing-leases index, and its maturity reminders not yet past;
 * - a not-sold deal with a follow-up date: its open follow-up task.
 * Each such deal is rewritten unchanged through the deals store, which adds the dates and, in the same transaction,
 * the index entries and the tasks (functions/lib/data/deals/system-tasks.ts), each conditioned on the task not
 * existing. A deal that already has everything (migrated before, or written since) is skipped, so a second run
 * changes nothing; a deal written meanwhile is read again. Deals are enumerated by status (gsi1), not scanned.
 */
import type { Deal, DealStore } from '@functions/lib/data/deals/deals';
import {
  DEFAULT_TASK_TIME_ZONE,
  LEASE_STARTED_STATUSES,
  leaseDates,
  systemTaskChanges,
  wantedTasks,
} from '@functions/lib/data/deals/system-tasks';
import { taskEntity, type Task } from '@functions/lib/data/entities/task';
import { DealChangedError } from '@functions/lib/data/errors';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

export interface MaturityMigrationReport {
  dryRun: boolean;
  /** Deals read (finalized, closed and not sold). */
  deals: number;
  /** Deals that already have their dates and tasks (or want none). */
  upToDate: number;
  /** Leases given their dates, tasks and index entries (or that would be, on a dry run). */
  leases: number;
  /** Not-sold deals given their follow-up task (or that would be). */
  followUps: number;
  /** Tasks made (or that would be). */
  tasks: number;
  /** Deals left as they were, with why. */
  skipped: { id: string; reason: string }[];
}

const STATUSES = [...LEASE_STARTED_STATUSES, 'not_sold'] as const;
const ATTEMPTS = 5;

export async function migrateMaturity(
  data: { deals: DealStore; table: LeaseDeskTable },
  options: { dryRun: boolean; log?: (line: string) => void; now?: Date },
): Promise<MaturityMigrationReport> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const report: MaturityMigrationReport = {
    dryRun: options.dryRun,
    deals: 0,
    upToDate: 0,
    leases: 0,
    followUps: 0,
    tasks: 0,
    skipped: [],
  };
  for (const status of STATUSES) {
    const deals = await data.deals.listByStatus(status);
    report.deals += deals.length;
    for (const deal of deals) {
      const work = await workOf(data.table, deal, now);
      if (work.tasks === 0 && !work.dates) {
        report.upToDate++;
        continue;
      }
      if (!options.dryRun) {
        const outcome = await migrateOne(data, deal, now);
        if (outcome !== 'migrated') {
          if (outcome !== 'done elsewhere') {
            report.skipped.push({ id: deal.id, reason: outcome });
            log(`skipped ${deal.id}: ${outcome}`);
          }
          continue;
        }
      }
      if (status === 'not_sold') report.followUps++;
      else report.leases++;
      report.tasks += work.tasks;
    }
    log(`${status}: ${deals.length} deals read`);
  }
  return report;
}

/** What the store would add to `deal` on a rewrite: its lease dates (changed or not) and how many tasks. */
async function workOf(table: LeaseDeskTable, deal: Deal, now: Date): Promise<{ dates: boolean; tasks: number }> {
  const dates = leaseDates(deal, now.toISOString().slice(0, 10));
  const after = { ...deal, ...dates };
  const ids = [...wantedTasks(after).keys()];
  const current = ids.length
    ? await batchGetAll(
        taskEntity(table),
        ids.map((id) => ({ id })),
      )
    : [];
  const writes = systemTaskChanges(deal, after, new Map(current.map((task: Task) => [task.id, task])), {
    now,
    timeZone: DEFAULT_TASK_TIME_ZONE,
  });
  return {
    dates: dates.leaseStartDate !== deal.leaseStartDate || dates.maturityDate !== deal.maturityDate,
    tasks: writes.length,
  };
}

async function migrateOne(
  data: { deals: DealStore; table: LeaseDeskTable },
  first: Deal,
  now: Date,
): Promise<'migrated' | 'done elsewhere' | string> {
  let deal: Deal | null = first;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (!deal) return 'done elsewhere';
    const work = await workOf(data.table, deal, now);
    if (work.tasks === 0 && !work.dates) return 'done elsewhere';
    try {
      await data.deals.replace(deal, deal);
      return 'migrated';
    } catch (error) {
      if (!(error instanceof DealChangedError)) throw error;
      deal = await data.deals.get(deal.id);
    }
  }
  return 'written by someone else on every attempt';
}
