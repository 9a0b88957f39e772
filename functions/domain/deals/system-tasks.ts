/**
 * The tasks a deal keeps for its broker (docs/data-model.md, "Deal-driven tasks and lease maturity"), derived from the
 * deal as it was and as it is, and written by the deals store in the deal's own transaction, so every writer of deals
 * (the edit form, payments, the expiry job, migrations) keeps them in step and none can drift:
 *
 * - a not-sold deal with a follow-up date has one open follow-up task (`systemTaskId(id, 'follow-up')`), due that day;
 * - a finalized or closed lease deal has three maturity tasks (`systemTaskId(id, 'maturity', N)`), due 180, 90 and 30
 *   days before its maturity date (shared/deals/maturity.ts).
 *
 * Each task is due at SYSTEM_TASK_DUE_TIME in the broker's time zone (DEFAULT_TASK_TIME_ZONE until the broker's
 * profile carries one) and assigned to the deal's broker, linked to the deal. Against the task item as it is now:
 * - a wanted task that does not exist is made (open), except a maturity reminder already past on the day it would be
 *   made (a lease entered years late does not flood "My day" with overdue reminders);
 * - a wanted task whose day changed (a new follow-up date, a new lease start or term), or that the deal newly wants
 *   (the deal came back to not sold, or was closed again), is put open on its new day: this is the only way the
 *   system re-opens a task the broker marked done;
 * - otherwise an open task takes what the deal changed of its broker and names (assignee, title) and keeps the rest
 *   as the broker left it (a title, day, time or assignee changed by hand stays until the deal changes that same
 *   thing), and a done or cancelled one is left alone: an unrelated deal edit never re-opens what the broker finished
 *   nor undoes their edit of the task;
 * - a task the deal no longer wants (date cleared, deal left not sold, lease reopened) is cancelled if open.
 * Every change bumps the task's revision and is conditioned on the revision read (or on the item being absent), so a
 * concurrent change to the task (the broker marking it done) fails the transaction, which the store retries.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { MATURITY_REMINDER_DAYS, maturityDate as maturityOf } from '@shared/deals/maturity';
import { systemTaskId, type TaskSource } from '@shared/tasks/enums';
import { zonedTimeToUtc } from '@shared/tasks/ics';
import type { Deal } from './entities/deal';
import type { Task, taskEntity } from '@functions/domain/tasks/task';
import { addDays } from '@shared/calendar';

/**
 * The time zone of system tasks until the broker's profile stores one (their task settings, saved on /tasks): the
 * store then passes the broker's zone instead.
 */
export const DEFAULT_TASK_TIME_ZONE = 'America/New_York';
/** When a system task is due on its day, in the broker's time zone. */
export const SYSTEM_TASK_DUE_TIME = '09:00';

/** The statuses in which a lease has started (its maturity dates and tasks are kept). */
export const LEASE_STARTED_STATUSES = ['finalized', 'closed'] as const;

type LeaseDeal = Pick<Deal, 'dealType' | 'status' | 'termMonths' | 'leaseStartDate' | 'dealClosedAt'>;

export const hasStartedLease = (deal: Pick<Deal, 'dealType' | 'status'>): boolean =>
  deal.dealType === 'lease' && (LEASE_STARTED_STATUSES as readonly string[]).includes(deal.status);

/**
 * The lease dates a deal is stored with: a finalized or closed lease starts on its `leaseStartDate` (by default the
 * day it closed, in UTC, or `today` for a finalized deal not closed yet) and matures `termMonths` later; any other
 * deal has neither.
 */
export function leaseDates(deal: LeaseDeal, today: string): { leaseStartDate?: string; maturityDate?: string } {
  if (!hasStartedLease(deal)) return { leaseStartDate: undefined, maturityDate: undefined };
  const start = deal.leaseStartDate ?? deal.dealClosedAt?.slice(0, 10) ?? today;
  return { leaseStartDate: start, maturityDate: maturityOf(start, deal.termMonths) };
}

/** What a system task of a deal should be (the deal's wish, before it meets the stored task). */
export interface WantedTask {
  id: string;
  dealId: string;
  source: Exclude<TaskSource, 'manual'>;
  title: string;
  dueDate: string;
  assigneeId: string;
}

type TaskDeal = Pick<
  Deal,
  | 'id'
  | 'status'
  | 'dealType'
  | 'brokerId'
  | 'clientName'
  | 'year'
  | 'make'
  | 'model'
  | 'followUpDate'
  | 'maturityDate'
  | 'termMonths'
>;

const vehicleOf = (deal: TaskDeal) => `${deal.year} ${deal.make} ${deal.model}`;
const clientOf = (deal: TaskDeal) => deal.clientName ?? 'the client';

/** Every system task id a deal can have (its delete removes them all). */
export function systemTaskIds(dealId: string): string[] {
  return [systemTaskId(dealId, 'follow-up'), ...MATURITY_REMINDER_DAYS.map((days) => systemTaskId(dealId, 'maturity', days))];
}

/** The system tasks a deal wants, by id (none for an absent deal). */
export function wantedTasks(deal: TaskDeal | undefined): Map<string, WantedTask> {
  const wanted = new Map<string, WantedTask>();
  if (!deal) return wanted;
  if (deal.status === 'not_sold' && deal.followUpDate) {
    const id = systemTaskId(deal.id, 'follow-up');
    wanted.set(id, {
      id,
      dealId: deal.id,
      source: 'follow-up',
      title: `Follow up with ${clientOf(deal)} (${vehicleOf(deal)})`,
      dueDate: deal.followUpDate,
      assigneeId: deal.brokerId,
    });
  }
  if (hasStartedLease(deal) && deal.maturityDate) {
    for (const days of MATURITY_REMINDER_DAYS) {
      const id = systemTaskId(deal.id, 'maturity', days);
      wanted.set(id, {
        id,
        dealId: deal.id,
        source: 'maturity',
        title: `Lease matures in ${days} days: ${clientOf(deal)} (${vehicleOf(deal)}), on ${deal.maturityDate}`,
        dueDate: addDays(deal.maturityDate, -days),
        assigneeId: deal.brokerId,
      });
    }
  }
  return wanted;
}

/** A task to write, on the condition that the stored one is still at `expectedRevision` (absent: must not exist). */
export interface TaskWrite {
  task: Task;
  expectedRevision: number | undefined;
}

export interface TaskChangeContext {
  now: Date;
  /** The broker's time zone (DEFAULT_TASK_TIME_ZONE until profiles carry one). */
  timeZone: string;
}

function taskItem(wanted: WantedTask, status: Task['status'], current: Task | undefined, context: TaskChangeContext): Task {
  const nowIso = context.now.toISOString();
  const keepsDue = current && current.dueDate === wanted.dueDate;
  const timeZone = keepsDue ? current.timeZone : context.timeZone;
  const dueTime = keepsDue ? current.dueTime : SYSTEM_TASK_DUE_TIME;
  const task: Task = {
    ...(current ?? {}),
    id: wanted.id,
    title: wanted.title,
    dueDate: wanted.dueDate,
    dueTime,
    timeZone,
    dueAt: zonedTimeToUtc(wanted.dueDate, dueTime, timeZone).toISOString(),
    assigneeId: wanted.assigneeId,
    status,
    source: wanted.source,
    linkKind: 'deal',
    linkId: wanted.dealId,
    createdAt: current?.createdAt ?? nowIso,
    updatedAt: nowIso,
    revision: (current?.revision ?? 0) + 1,
  };
  if (status === 'open') delete task.closedAt;
  return task;
}

/**
 * The task writes a deal write makes, from the deal before and after (`after` absent: deleted, see the store) and
 * the system tasks as stored now (by id). Pure; nothing to write when nothing changed, so a replay is a no-op.
 */
export function systemTaskChanges(
  before: TaskDeal | undefined,
  after: TaskDeal | undefined,
  current: Map<string, Task>,
  context: TaskChangeContext,
): TaskWrite[] {
  const was = wantedTasks(before);
  const is = wantedTasks(after);
  const today = context.now.toISOString().slice(0, 10);
  const writes: TaskWrite[] = [];
  const ids = new Set([...was.keys(), ...is.keys(), ...current.keys()]);
  for (const id of ids) {
    const wanted = is.get(id);
    const stored = current.get(id);
    const write = (task: Task) => writes.push({ task, expectedRevision: stored?.revision });
    if (!wanted) {
      if (stored?.status === 'open') {
        write({
          ...stored,
          status: 'cancelled',
          closedAt: context.now.toISOString(),
          updatedAt: context.now.toISOString(),
          revision: stored.revision + 1,
        });
      }
      continue;
    }
    if (!stored) {
      if (wanted.source === 'maturity' && wanted.dueDate < today) continue;
      write(taskItem(wanted, 'open', undefined, context));
      continue;
    }
    const previous = was.get(id);
    const moved = !previous || previous.dueDate !== wanted.dueDate;
    // What the broker changed by hand stays unless the deal changed that same thing: its title (the client's name,
    // the vehicle) and its assignee (the deal's broker).
    const kept = previous
      ? {
          ...(previous.title === wanted.title ? { title: stored.title } : {}),
          ...(previous.assigneeId === wanted.assigneeId ? { assigneeId: stored.assigneeId } : {}),
        }
      : {};
    if (moved && (stored.status !== 'open' || stored.dueDate !== wanted.dueDate)) {
      write({ ...taskItem(wanted, 'open', stored, context), ...kept });
    } else if (stored.status === 'open' && previous) {
      // The deal's day is unchanged: the task keeps its own (a broker may have moved it by hand), and takes only
      // what the deal itself changed.
      const changes = {
        ...(previous.title !== wanted.title && stored.title !== wanted.title ? { title: wanted.title } : {}),
        ...(previous.assigneeId !== wanted.assigneeId && stored.assigneeId !== wanted.assigneeId
          ? { assigneeId: wanted.assigneeId }
          : {}),
      };
      if (Object.keys(changes).length > 0) {
        write({ ...stored, ...changes, updatedAt: context.now.toISOString(), revision: stored.revision + 1 });
      }
    }
  }
  return writes;
}

type TaskEntity = ReturnType<typeof taskEntity>;

/** The transaction items of `writes`, each conditioned on the task's revision as read. */
export function taskWriteOperations(entity: TaskEntity, writes: TaskWrite[]) {
  return writes.map(({ task, expectedRevision }) =>
    entity
      .build(PutTransaction)
      .item(task)
      .options({
        condition: expectedRevision === undefined ? { attr: 'id', exists: false } : { attr: 'revision', eq: expectedRevision },
      }),
  );
}

/** A deleted deal's system tasks go with it (a task linked to a deal that is gone leads nowhere). */
export function taskDeleteOperations(entity: TaskEntity, dealId: string) {
  return systemTaskIds(dealId).map((id) => entity.build(DeleteTransaction).key({ id }));
}
