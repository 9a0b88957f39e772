/**
 * The maturity migration (docs/operations.md, "`maturity` (deal-driven tasks and lease maturity)"): gives the deals
 * stored before the deal-driven tasks existed what the deals store now keeps on every write. One-off, idempotent, with
 * a dry run.
 *
 * - a finalized or closed lease: its `leaseStartDate` (the day it closed, else the day the migration runs) and
 *   `maturityDate`, its entries in the maturing-leases index, and its maturity reminders not yet past;
 * - a not-sold deal with a follow-up date: its open follow-up task.
 * Each such deal is rewritten unchanged through the deals store, which adds the dates and, in the same transaction,
 * the index entries and the tasks (functions/domain/deals/system-tasks.ts), each conditioned on the task not
 * existing. A deal that already has everything (migrated before, or written since) is skipped, so a second run
 * changes nothing; a deal written meanwhile is read again. Deals are enumerated by status (gsi1), not scanned.
 *
 * Tasks are due at 09:00 in the deal's broker's time zone, from their task settings (the store reads it on the
 * rewrite, as on every deal write; the dry run reads it the same way); a broker with no settings gets
 * DEFAULT_TASK_TIME_ZONE and, with their first task, the settings a first task writes.
 */
import type { Deal, DealStore } from '@functions/domain/deals/deals';
import {
  DEFAULT_TASK_TIME_ZONE,
  LEASE_STARTED_STATUSES,
  leaseDates,
  systemTaskChanges,
  wantedTasks,
} from '@functions/domain/deals/system-tasks';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { taskEntity, type Task } from '@functions/domain/tasks/task';
import { taskSettingsEntity } from '@functions/domain/tasks/task-settings';
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
  const zones = brokerZones(data.table);
  for (const status of STATUSES) {
    const deals = await data.deals.listByStatus(status);
    report.deals += deals.length;
    for (const deal of deals) {
      const work = await workOf(data.table, deal, now, zones);
      if (work.tasks === 0 && !work.dates) {
        report.upToDate++;
        continue;
      }
      if (!options.dryRun) {
        const outcome = await migrateOne(data, deal, now, zones);
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

/**
 * The time zone each broker keeps their tasks in: their task settings' (read once a run), else DEFAULT_TASK_TIME_ZONE,
 * as the deals store picks it on the live path (functions/domain/deals/deals.ts), so the dry run works out the very
 * tasks the rewrite makes.
 */
function brokerZones(table: LeaseDeskTable): (brokerId: string | undefined) => Promise<string> {
  const zones = new Map<string, Promise<string>>();
  return (brokerId) => {
    if (!brokerId) return Promise.resolve(DEFAULT_TASK_TIME_ZONE);
    let zone = zones.get(brokerId);
    if (!zone) {
      zone = taskSettingsEntity(table)
        .build(GetItemCommand)
        .key({ userId: brokerId })
        .send()
        .then(({ Item }) => Item?.timeZone ?? DEFAULT_TASK_TIME_ZONE);
      zones.set(brokerId, zone);
    }
    return zone;
  };
}

/** What the store would add to `deal` on a rewrite: its lease dates (changed or not) and how many tasks. */
async function workOf(
  table: LeaseDeskTable,
  deal: Deal,
  now: Date,
  zoneOf: (brokerId: string | undefined) => Promise<string>,
): Promise<{ dates: boolean; tasks: number }> {
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
    timeZone: await zoneOf(deal.brokerId),
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
  zoneOf: (brokerId: string | undefined) => Promise<string>,
): Promise<'migrated' | 'done elsewhere' | string> {
  let deal: Deal | null = first;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (!deal) return 'done elsewhere';
    const work = await workOf(data.table, deal, now, zoneOf);
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
