/**
 * Deals (and marketplace vehicles). Every write goes through `write`: the whole deal is put on the condition
 * that its revision is still the one read, together with its stock-number claim and its counter deltas, in one
 * transaction, and with the marketplace's listing entries, make counts and pending-deal counts, and the deal's
 * activity entry when the caller records one. Nothing else writes deal items, so the counts cannot drift.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { BatchWriteCommand, execute as executeBatchWrite } from 'dynamodb-toolbox/table/actions/batchWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { DEAL_CHANGED_MESSAGE } from '@shared/deals/activity';
import {
  DealChangedError,
  ExtraConditionFailedError,
  StockNumberTakenError,
  StoreConflictError,
  VehicleSoldOutError,
} from '@functions/lib/data/errors';
import { brokerMonthStatsEntity } from './entities/broker-month-stats';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealListCountEntity } from './entities/deal-list-count';
import { dealListEntryEntity } from './entities/deal-list-entry';
import { marketplaceListingEntity } from './entities/marketplace-listing';
import { marketplaceMakeCountEntity } from './entities/marketplace-make-count';
import { vehicleStatsEntity } from './entities/vehicle-stats';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { creditApplicationEntity, creditApplicationsOfDeal } from '@functions/domain/credit-applications/credit-application';
import { dealEntity, dealPartitions, dealSchema, type Deal } from './entities/deal';
import { dealActivityEntity, DEAL_ACTIVITY_SORT_PREFIX, type DealActivityItem } from './entities/deal-activity';
import { proposalEntity, proposalHeadEntity, proposalsOfDeal } from './entities/proposal';
import { pick, writableAttributes } from '@functions/lib/data/keys';
import { stockNumberEntity, normalizeStockNumber } from './entities/stock-number';
import { EXPIRABLE_DEAL_STATUSES, type DealStatus } from '@functions/domain/enums';
import { queryAll } from '@functions/lib/data/query';
import {
  TransactionAbortedError,
  batchGetAll,
  commit,
  isConditionalCheckFailure,
  type CommitOutcome,
  type WriteOperation,
} from '@functions/lib/data/transactions';
import { availableStockOf, stockChanges, VEHICLE_SOLD_OUT_MESSAGE } from '@shared/marketplace/inventory';
import { brokerStatsOperations } from './broker-stats';
import { indexedDeal, indexRoleOf, listingFlag } from './inventory';
import { counterOperations, dealCounterDeltas, mergeDeltas, type CounterDelta } from '@functions/domain/counters/counters';
import { dealListIndexOperations } from './deal-list-index';
import { marketplaceIndexOperations } from './marketplace-index';
import { dealMaturityEntryEntity } from './entities/deal-maturity-entry';
import { taskEntity, type Task } from '@functions/domain/tasks/task';
import { taskSettingsEntity } from '@functions/domain/tasks/task-settings';
import { firstReminderAt } from '@shared/tasks/rules';
import { logger } from '@functions/lib/logger';
import { maturityIndexOperations } from './maturity-index';
import {
  DEFAULT_TASK_TIME_ZONE,
  leaseDates,
  systemTaskChanges,
  taskDeleteOperations,
  taskWriteOperations,
  wantedTasks,
} from './system-tasks';

export type { Deal } from './entities/deal';
export { normalizeStockNumber } from './entities/stock-number';

/** A deal as written: everything but the store-managed attributes. */
export type DealFields = Omit<Deal, 'id' | 'createdAt' | 'revision'>;

/** An activity entry to record with a write; the store fills in the deal id. */
export type DealActivityEntry = Omit<DealActivityItem, 'dealId'>;

/** Where a page of the archive starts: the last deal of the previous page. */
export interface ExpiredDealsCursor {
  expirationDate: string;
  id: string;
}

export const STOCK_NUMBER_TAKEN = 'This stock number is already in use';
/** Attempts of a write that moves a vehicle's stock, when other writes to that vehicle keep winning. */
const STOCK_WRITE_ATTEMPTS = 12;
/** Attempts of a write whose system tasks someone else changed meanwhile (the broker marking one done). */
const TASK_WRITE_ATTEMPTS = 4;
/** DynamoDB's limit of requests per BatchWriteItem. */
const BATCH_WRITE_LIMIT = 25;

const DEAL_ATTRIBUTES = writableAttributes(dealSchema);

export function dealStore(table: LeaseDeskTable) {
  const entities = {
    get deal() {
      return dealEntity(table);
    },
    get dealActivity() {
      return dealActivityEntity(table);
    },
    get creditApplication() {
      return creditApplicationEntity(table);
    },
    get stockNumber() {
      return stockNumberEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get marketplaceListing() {
      return marketplaceListingEntity(table);
    },
    get marketplaceMakeCount() {
      return marketplaceMakeCountEntity(table);
    },
    get vehicleStats() {
      return vehicleStatsEntity(table);
    },
    get dealListEntry() {
      return dealListEntryEntity(table);
    },
    get dealListCount() {
      return dealListCountEntity(table);
    },
    get brokerMonthStats() {
      return brokerMonthStatsEntity(table);
    },
    get dealMaturityEntry() {
      return dealMaturityEntryEntity(table);
    },
    get task() {
      return taskEntity(table);
    },
    get taskSettings() {
      return taskSettingsEntity(table);
    },
  };
  /**
   * The transaction items that keep every derived item in step with a deal write (`after` absent for a delete):
   * counters, broker statistics, the marketplace's entries and counts, the deals list's. Each writer gets "before"
   * as the item was indexed (./inventory.ts: a deal older than the listing flag by the old rules) and "after" by
   * today's, so the first write of an old deal moves it over.
   */
  function indexOperations(before: Deal | undefined, after: Deal | undefined): WriteOperation[] {
    const was = before && indexedDeal(before);
    const is = after && indexedDeal(after);
    return [
      ...brokerStatsOperations(entities, was, is),
      ...marketplaceIndexOperations(entities, was, is),
      ...dealListIndexOperations(entities, before, after),
      ...maturityIndexOperations(entities, before, after),
    ];
  }

  /**
   * The counter changes of a deal write. They are not among indexOperations: commitWithStock merges them with its
   * source vehicle's, since a deal and the vehicle it takes a unit from often change the same counter item (a deal
   * becoming a client deal while the vehicle sells out: both change the global counter), and a transaction may hold
   * one operation per item.
   */
  function counterDeltasOf(before: Deal | undefined, after: Deal | undefined): CounterDelta[] {
    return dealCounterDeltas(before && indexedDeal(before), after && indexedDeal(after));
  }

  /** The deal's system tasks as stored now, of those the deal wanted before or wants after (./system-tasks.ts). */
  async function currentTasks(before: Deal | undefined, after: Deal): Promise<Map<string, Task>> {
    const ids = new Set([...wantedTasks(before).keys(), ...wantedTasks(after).keys()]);
    if (ids.size === 0) return new Map();
    const tasks = await batchGetAll(
      entities.task,
      [...ids].map((id) => ({ id })),
    );
    return new Map(tasks.map((task) => [task.id, task]));
  }

  /**
   * The time zone the deal's broker keeps their tasks in (their task settings), else DEFAULT_TASK_TIME_ZONE; `none`
   * when a broker the deal gives tasks to has no task settings yet.
   */
  async function brokerTimeZone(deal: Deal): Promise<{ timeZone: string; none: boolean }> {
    if (wantedTasks(deal).size === 0 || !deal.brokerId) return { timeZone: DEFAULT_TASK_TIME_ZONE, none: false };
    const { Item } = await entities.taskSettings.build(GetItemCommand).key({ userId: deal.brokerId }).send();
    return { timeZone: Item?.timeZone ?? DEFAULT_TASK_TIME_ZONE, none: !Item };
  }

  /**
   * A broker's first system task turns their morning task e-mail on (in the default zone, which they change on their
   * profile), as a person's first task does: otherwise a follow-up date would never remind anyone. Written after the
   * deal's transaction, only if they still have no settings; a failure here leaves the deal written and the settings
   * for the next write.
   */
  async function settleFirstTaskSettings(brokerId: string, now: Date): Promise<void> {
    try {
      await entities.taskSettings
        .build(PutItemCommand)
        .item({
          userId: brokerId,
          timeZone: DEFAULT_TASK_TIME_ZONE,
          morningEmail: true,
          reminderAt: firstReminderAt(now, DEFAULT_TASK_TIME_ZONE),
          updatedAt: now.toISOString(),
        })
        .options({ condition: { attr: 'userId', exists: false } })
        .send();
    } catch (error) {
      if (!isConditionalCheckFailure(error)) logger.warn('first task settings not written', { brokerId, error });
    }
  }

  /**
   * A deal as the store writes it: the listing flag always set, the stock number normalised, a started lease's dates
   * set (any other deal's cleared), the revision moved on.
   */
  function stored(before: Deal | undefined, after: Deal): Deal {
    return {
      ...pick(after, DEAL_ATTRIBUTES),
      ...leaseDates(after, new Date().toISOString().slice(0, 10)),
      listing: listingFlag(after),
      stockNumber: after.stockNumber ? normalizeStockNumber(after.stockNumber) : undefined,
      revision: (before?.revision ?? 0) + 1,
    };
  }

  /**
   * The writes that move the stock of the vehicles a deal write takes units from or gives back
   * (shared/marketplace/inventory.ts `stockChanges`): each vehicle read now and written whole on the revision read,
   * with its own derived items (a vehicle at 0 leaves the active tab). A vehicle that is gone, or is not a listing,
   * is left alone. Throws VehicleSoldOutError when a unit is taken from a vehicle with none left.
   */
  async function vehicleStockWrites(
    changes: Map<string, number>,
  ): Promise<{ operations: WriteOperation[][]; counters: CounterDelta[] }> {
    if (changes.size === 0) return { operations: [], counters: [] };
    const vehicles = await batchGetAll(
      entities.deal,
      [...changes.keys()].map((id) => ({ id })),
    );
    const counters: CounterDelta[] = [];
    const operations = vehicles
      .filter((vehicle) => listingFlag(vehicle))
      .map((vehicle) => {
        const stock = availableStockOf(vehicle) + changes.get(vehicle.id)!;
        if (stock < 0) throw new VehicleSoldOutError(VEHICLE_SOLD_OUT_MESSAGE);
        const after = stored(vehicle, { ...vehicle, availableStock: stock });
        counters.push(...counterDeltasOf(vehicle, after));
        return [
          entities.deal
            .build(PutTransaction)
            .item(after)
            .options({ condition: { attr: 'revision', eq: vehicle.revision } }),
          ...indexOperations(vehicle, after),
        ];
      });
    return { operations, counters };
  }

  /**
   * Commits a deal's own operations (the first is the deal's conditional write) with the stock writes of its source
   * vehicle. A vehicle written by someone else meanwhile (another deal closing on it) is read again and the whole
   * transaction retried, so parallel closes never take a unit twice nor lose one; the deal's own conditions are
   * reported to the caller as `commit` reports them. The deal's `counters` and the vehicles' go last, merged into one
   * update per counter item (counterDeltasOf).
   */
  async function commitWithStock(
    own: WriteOperation[],
    changes: Map<string, number>,
    counters: CounterDelta[],
  ): Promise<CommitOutcome> {
    for (let attempt = 1; ; attempt++) {
      const stock = await vehicleStockWrites(changes);
      const vehicles = stock.operations;
      const vehiclePuts = new Set<number>();
      let index = own.length;
      for (const operations of vehicles) {
        vehiclePuts.add(index);
        index += operations.length;
      }
      const counterWrites = counterOperations(entities, mergeDeltas([...counters, ...stock.counters]));
      let outcome: CommitOutcome;
      try {
        outcome = await commit([...own, ...vehicles.flat(), ...counterWrites]);
      } catch (error) {
        // Parallel closes on one vehicle: DynamoDB cancels transactions on the same item that overlap.
        if (error instanceof TransactionAbortedError && vehicles.length > 0 && attempt < STOCK_WRITE_ATTEMPTS) {
          await sleep(10 * Math.min(attempt, 6) * (0.5 + Math.random()));
          continue;
        }
        throw error;
      }
      if (outcome.ok || attempt >= STOCK_WRITE_ATTEMPTS) return outcome;
      if (!outcome.failedConditions.every((failed) => vehiclePuts.has(failed))) return outcome;
    }
  }

  /**
   * Writes `after` over `before` (absent for a create) with `activity`, if any, and `extra` operations in the same
   * transaction; returns the deal as stored, or null when a create finds the id taken. A failed condition is reported
   * as what failed: the deal's revision (DealChangedError), the stock number's claim (StockNumberTakenError), an
   * `extra` operation's (ExtraConditionFailedError with its index), a source vehicle written again and again
   * meanwhile (DealChangedError).
   */
  async function write(
    before: Deal | undefined,
    after: Deal,
    activity?: DealActivityEntry,
    extra: WriteOperation[] = [],
  ): Promise<Deal | null> {
    const item = stored(before, after);
    const withdrawals = await proposalWithdrawals(before, item);
    const claim = item.stockNumber && item.stockNumber !== before?.stockNumber ? item.stockNumber : undefined;
    const release = before?.stockNumber && before.stockNumber !== item.stockNumber ? before.stockNumber : undefined;
    const own = [
      entities.deal
        .build(PutTransaction)
        .item(item)
        .options({ condition: before ? { attr: 'revision', eq: before.revision } : { attr: 'id', exists: false } }),
      ...(claim
        ? [
            entities.stockNumber
              .build(PutTransaction)
              .item({ stockNumber: claim, dealId: item.id })
              .options({ condition: { attr: 'stockNumber', exists: false } }),
          ]
        : []),
      ...(release ? [entities.stockNumber.build(DeleteTransaction).key({ stockNumber: release })] : []),
      ...indexOperations(before, item),
      ...withdrawals,
      ...(activity ? [entities.dealActivity.build(PutTransaction).item({ ...activity, dealId: item.id })] : []),
      ...extra,
    ];
    // Positions in the transaction: the deal's put is 0, the stock number's claim 1 (when claimed), `extra` last of own.
    const claimIndex = claim ? 1 : -1;
    const extraStart = own.length - extra.length;

    // The system tasks go last, each on the revision read: one changed meanwhile (marked done) is read again.
    const { timeZone, none: noTaskSettings } = await brokerTimeZone(item);
    for (let attempt = 1; ; attempt++) {
      const now = new Date();
      const taskWrites = systemTaskChanges(before, item, await currentTasks(before, item), { now, timeZone });
      const outcome = await commitWithStock(
        [...own, ...taskWriteOperations(entities.task, taskWrites)],
        unitChanges(before, item),
        counterDeltasOf(before, item),
      );
      if (outcome.ok) {
        if (noTaskSettings && item.brokerId && taskWrites.some(({ task }) => task.status === 'open'))
          await settleFirstTaskSettings(item.brokerId, now);
        return stripUndefined(item);
      }
      if (outcome.failedConditions.includes(0)) {
        if (before) throw new DealChangedError(DEAL_CHANGED_MESSAGE);
        return null;
      }
      const taskFailed = outcome.failedConditions.some((index) => index >= own.length && index < own.length + taskWrites.length);
      if (taskFailed && attempt < TASK_WRITE_ATTEMPTS) continue;
      if (taskFailed) throw new DealChangedError(DEAL_CHANGED_MESSAGE);
      if (outcome.failedConditions.includes(claimIndex)) throw new StockNumberTakenError(STOCK_NUMBER_TAKEN);
      const failedExtra = outcome.failedConditions.find((index) => index >= extraStart && index < own.length);
      if (failedExtra !== undefined) throw new ExtraConditionFailedError(failedExtra - extraStart);
      throw new DealChangedError(DEAL_CHANGED_MESSAGE);
    }
  }

  const list = (query: Parameters<typeof queryAll>[1], reverse = false) => queryAll(entities.deal, query, { reverse });

  /**
   * A deal moved to another client (or to none) takes back its sent proposals in the deal's own transaction: each
   * becomes `withdrawn` on the condition that it is still sent (docs/decisions.md, "Proposals"). A proposal shared
   * while the move commits is not among them, but it names the old client, so every reader and the accept (itself a
   * write on the deal's revision) already read it as withdrawn.
   */
  async function proposalWithdrawals(before: Deal | undefined, after: Deal): Promise<WriteOperation[]> {
    if (!before || (before.clientId ?? null) === (after.clientId ?? null)) return [];
    const at = new Date().toISOString();
    const proposals = await queryAll(proposalEntity(table), { index: 'gsi1', partition: proposalsOfDeal(before.id) });
    return proposals
      .filter((proposal) => proposal.status === 'sent')
      .map(({ tokenHash }) =>
        proposalEntity(table)
          .build(UpdateTransaction)
          .item({ tokenHash, status: 'withdrawn', revokedAt: at })
          .options({ condition: { attr: 'status', eq: 'sent' } }),
      );
  }

  return {
    /**
     * Creates a deal; `id` is for the seed (deterministic ids) and for a caller whose `extra` operations (written in
     * the same transaction: a converted lead's link) name the deal. `created` is false when that id exists already.
     */
    async create(
      fields: DealFields & { id?: string },
      now: Date,
      activity?: DealActivityEntry,
      extra: WriteOperation[] = [],
    ): Promise<{ created: boolean; deal: Deal }> {
      const draft: Deal = { ...fields, id: fields.id ?? ulid(now.getTime()), createdAt: now.toISOString(), revision: 0 };
      const stored = await write(undefined, draft, activity, extra);
      return { created: stored !== null, deal: stored ?? draft };
    },

    async get(id: string): Promise<Deal | null> {
      return (await entities.deal.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async getMany(ids: string[]): Promise<Deal[]> {
      return batchGetAll(
        entities.deal,
        ids.map((id) => ({ id })),
      );
    },

    /** The deal id holding a stock number, if any (the live uniqueness check of the add-vehicle form). */
    async idByStockNumber(value: string): Promise<string | null> {
      const { Item } = await entities.stockNumber
        .build(GetItemCommand)
        .key({ stockNumber: normalizeStockNumber(value) })
        .send();
      return Item?.dealId ?? null;
    },

    /**
     * Replaces a deal read earlier and returns it as stored; throws a DealChangedError when it changed since. The id
     * and creation time are the ones read, whatever `after` says.
     */
    async replace(before: Deal, after: Deal, activity?: DealActivityEntry): Promise<Deal> {
      return (await write(before, { ...after, id: before.id, createdAt: before.createdAt }, activity))!;
    },

    /**
     * Replaces a deal read earlier together with `receipt`, a put conditioned on its item not existing (a processed
     * payment event): the change and the record that it was made commit together. False, with nothing written, when
     * the deal changed since `before` or the receipt exists already.
     */
    async replaceWithReceipt(
      before: Deal,
      after: Deal,
      activity: DealActivityEntry,
      receipt: WriteOperation,
      // Written in the same transaction too (the deal's broker's notification: functions/domain/notifications/notify.ts).
      extra: WriteOperation[] = [],
    ): Promise<boolean> {
      try {
        await write(before, { ...after, id: before.id, createdAt: before.createdAt }, activity, [receipt, ...extra]);
        return true;
      } catch (error) {
        if (error instanceof StoreConflictError) return false;
        throw error;
      }
    },

    /**
     * Deletes a deal read earlier (DealChangedError when it changed since): the deal, its stock-number claim, its
     * counter and marketplace contributions and its own vehicle stats go in one transaction. Its activity entries
     * and credit application links follow in batches: without the deal nothing reads them, so a failure there
     * leaves only unreachable items behind, never a wrong count. Its sent proposals are revoked (their links then
     * say the proposal was withdrawn; a link whose deal is gone reads the same if this step did not run), and the deal's
     * proposal head item goes with the activity.
     */
    async delete(before: Deal, now = new Date()): Promise<void> {
      const outcome = await commitWithStock(
        [
          entities.deal
            .build(DeleteTransaction)
            .key({ id: before.id })
            .options({ condition: { attr: 'revision', eq: before.revision } }),
          ...(before.stockNumber ? [entities.stockNumber.build(DeleteTransaction).key({ stockNumber: before.stockNumber })] : []),
          ...indexOperations(before, undefined),
          entities.vehicleStats.build(DeleteTransaction).key({ vehicleId: before.id }),
          ...taskDeleteOperations(entities.task, before.id),
        ],
        unitChanges(before, undefined),
        counterDeltasOf(before, undefined),
      );
      if (!outcome.ok) throw new DealChangedError(DEAL_CHANGED_MESSAGE);

      const [activity, links, proposals] = await Promise.all([
        queryAll(entities.dealActivity, {
          partition: `DEAL#${before.id}`,
          range: { beginsWith: DEAL_ACTIVITY_SORT_PREFIX },
        }),
        queryAll(entities.creditApplication, { index: 'gsi1', partition: creditApplicationsOfDeal(before.id) }),
        queryAll(proposalEntity(table), { index: 'gsi1', partition: proposalsOfDeal(before.id) }),
      ]);
      for (const { tokenHash } of proposals.filter((proposal) => proposal.status === 'sent')) {
        await proposalEntity(table)
          .build(UpdateItemCommand)
          .item({ tokenHash, status: 'revoked', revokedAt: now.toISOString() })
          .options({ condition: { attr: 'status', eq: 'sent' } })
          .send()
          .catch((error: unknown) => {
            // Accepted meanwhile: it stays accepted (the deal it names is gone; its link says so).
            if (!isConditionalCheckFailure(error)) throw error;
          });
      }
      const requests = [
        ...activity.map(({ dealId, id }) => entities.dealActivity.build(BatchDeleteRequest).key({ dealId, id })),
        ...links.map(({ token }) => entities.creditApplication.build(BatchDeleteRequest).key({ token })),
        ...(proposals.length > 0 ? [proposalHeadEntity(table).build(BatchDeleteRequest).key({ dealId: before.id })] : []),
      ];
      for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
        const command = table.build(BatchWriteCommand).requests(...requests.slice(start, start + BATCH_WRITE_LIMIT));
        await executeBatchWrite({ maxAttempts: 8 }, command);
      }
    },

    /** A deal's newest activity entries, newest first (one Query of at most `limit` items). */
    async listActivity(dealId: string, limit: number): Promise<DealActivityItem[]> {
      return queryAll(
        entities.dealActivity,
        { partition: `DEAL#${dealId}`, range: { beginsWith: DEAL_ACTIVITY_SORT_PREFIX } },
        { reverse: true, limit },
      );
    },

    /** One page of expired deals, latest expiration date first: one Query of at most `limit` index items. */
    async pageExpired(options: {
      limit: number;
      after?: ExpiredDealsCursor;
    }): Promise<{ deals: Deal[]; next: ExpiredDealsCursor | null }> {
      const { after } = options;
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.deal)
        .query({ index: 'gsi6', partition: dealPartitions.byExpiry('expired') })
        .options({
          reverse: true,
          limit: options.limit,
          maxPages: 1,
          exclusiveStartKey: after
            ? {
                pk: `DEAL#${after.id}`,
                sk: 'DEAL',
                gsi6pk: dealPartitions.byExpiry('expired'),
                gsi6sk: `${after.expirationDate}#${after.id}`,
              }
            : undefined,
        })
        .send();
      const deals = Items as Deal[];
      const last = deals.at(-1);
      return {
        deals,
        next: LastEvaluatedKey && last?.expirationDate ? { expirationDate: last.expirationDate, id: last.id } : null,
      };
    },

    /** Deals in the expirable statuses whose expiration date is before `today` (YYYY-MM-DD). */
    async listExpiredBefore(today: string): Promise<Deal[]> {
      const pages = await Promise.all(
        EXPIRABLE_DEAL_STATUSES.map((status) =>
          list({ index: 'gsi6', partition: dealPartitions.byExpiry(status), range: { lt: today } }),
        ),
      );
      return pages.flat();
    },

    /** Expired deals, latest expiration date first (the archive). */
    async listExpired(): Promise<Deal[]> {
      return list({ index: 'gsi6', partition: dealPartitions.byExpiry('expired') }, true);
    },

    /** Deals of a status, newest first. */
    async listByStatus(status: DealStatus): Promise<Deal[]> {
      return list({ index: 'gsi1', partition: dealPartitions.byStatus(status) }, true);
    },

    /** A broker's deals, newest first. */
    async listByBroker(brokerId: string): Promise<Deal[]> {
      return list({ index: 'gsi2', partition: dealPartitions.byBroker(brokerId) }, true);
    },

    /** A client's deals, newest first. */
    async listByClient(clientId: string): Promise<Deal[]> {
      return list({ index: 'gsi3', partition: dealPartitions.byClient(clientId) }, true);
    },

    /** A dealership's deals and vehicles, newest first. */
    async listByDealership(dealershipId: string): Promise<Deal[]> {
      return list({ index: 'gsi4', partition: dealPartitions.byDealership(dealershipId) }, true);
    },

    /** The marketplace (or, with `isArchived`, its archive), ordered by make then model, case-insensitively. */
    async listMarketplace(isArchived = false): Promise<Deal[]> {
      return list({ index: 'gsi5', partition: dealPartitions.marketplace(isArchived) });
    },
  };
}

/** Per vehicle, the stock a write moves: by the units the deal held as indexed before and holds after (./inventory.ts). */
function unitChanges(before: Deal | undefined, after: Deal | undefined): Map<string, number> {
  const held = (deal: Deal | undefined) => {
    const vehicleId = deal && indexRoleOf(deal).unitTakenFrom;
    return vehicleId ? { status: 'closed', sourceVehicleId: vehicleId, listing: false } : undefined;
  };
  return stockChanges(held(before), held(after));
}

/** The deal as a read returns it: absent attributes are absent, not undefined. */
function stripUndefined(deal: Deal): Deal {
  return Object.fromEntries(Object.entries(deal).filter(([, value]) => value !== undefined)) as Deal;
}

export type DealStore = ReturnType<typeof dealStore>;
