/**
 * The deal aggregate's writes. Each goes through `write`: the whole deal is put on the condition that its revision
 * is still the one read, together with its stock-number claim, its derived items (./deal-derived.ts), its system
 * tasks, its activity entry when the caller records one and the caller's own `extra` operations, in one transaction
 * with the stock it moves (./deal-stock.ts). Nothing else writes deal items, so the counts cannot drift.
 */
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { BatchWriteCommand, execute as executeBatchWrite } from 'dynamodb-toolbox/table/actions/batchWrite';
import { ulid } from 'ulid';
import { DEAL_CHANGED_MESSAGE } from '@shared/deals/activity';
import {
  DealChangedError,
  ExtraConditionFailedError,
  StockNumberTakenError,
  StoreConflictError,
} from '@functions/lib/data/errors';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';
import { creditApplicationsOfDeal } from '@functions/domain/credit-applications/credit-application';
import { commissionLedger } from '@functions/domain/commission/ledger';
import type { BookingFacts } from '@functions/domain/commission/booking';
import { brokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';
import type { LogFacts } from '@functions/domain/brokered-vehicles/line';
import { counterDeltasOf, indexOperations, stored, stripUndefined, unitChanges } from './deal-derived';
import { indexRoleOf } from './inventory';
import { commitWithStock } from './deal-stock';
import type { DealStoreEntities } from './deal-store-entities';
import { brokerTimeZone, currentTasks, settleFirstTaskSettings } from './deal-task-writes';
import type { Deal } from './entities/deal';
import { DEAL_ACTIVITY_SORT_PREFIX, type DealActivityItem } from './entities/deal-activity';
import { proposalsOfDeal } from './entities/proposal';
import { systemTaskChanges, taskDeleteOperations, taskWriteOperations } from './system-tasks';

/** A deal as written: everything but the store-managed attributes. */
export type DealFields = Omit<Deal, 'id' | 'createdAt' | 'revision'>;

/** An activity entry to record with a write; the store fills in the deal id. */
export type DealActivityEntry = Omit<DealActivityItem, 'dealId'>;

export const STOCK_NUMBER_TAKEN = 'This stock number is already in use';
/** Attempts of a write whose system tasks someone else changed meanwhile (the broker marking one done). */
const TASK_WRITE_ATTEMPTS = 4;
/** DynamoDB's limit of requests per BatchWriteItem. */
const BATCH_WRITE_LIMIT = 25;

export interface DealWrites {
  /**
   * Creates a deal; `id` is for the seed (deterministic ids) and for a caller whose `extra` operations (written in
   * the same transaction: a converted lead's link) name the deal. `created` is false when that id exists already.
   */
  create(
    fields: DealFields & { id?: string },
    now: Date,
    activity?: DealActivityEntry,
    extra?: WriteOperation[],
  ): Promise<{ created: boolean; deal: Deal }>;
  /**
   * Replaces a deal read earlier and returns it as stored; throws a DealChangedError when it changed since. The id
   * and creation time are the ones read, whatever `after` says.
   */
  replace(before: Deal, after: Deal, activity?: DealActivityEntry): Promise<Deal>;
  /**
   * Replaces a deal read earlier together with `receipt`, a put conditioned on its item not existing (a processed
   * payment event): the change and the record that it was made commit together. False, with nothing written, when
   * the deal changed since `before` or the receipt exists already. `extra` is written in the same transaction too
   * (the deal's broker's notification: functions/domain/notifications/notify.ts).
   */
  replaceWithReceipt(
    before: Deal,
    after: Deal,
    activity: DealActivityEntry,
    receipt: WriteOperation,
    extra?: WriteOperation[],
  ): Promise<boolean>;
  /**
   * Deletes a deal read earlier (DealChangedError when it changed since): the deal, its stock-number claim, its
   * counter and marketplace contributions and its own vehicle stats go in one transaction. Its activity entries
   * and credit application links follow in batches: without the deal nothing reads them, so a failure there
   * leaves only unreachable items behind, never a wrong count. Its sent proposals are revoked (their links then
   * say the proposal was withdrawn; a link whose deal is gone reads the same if this step did not run), and the
   * deal's proposal head item goes with the activity.
   */
  delete(before: Deal, now?: Date): Promise<void>;
}

/** What the commission ledger reads of a deal (functions/domain/commission/booking.ts). */
const bookingFacts = (deal: Deal): BookingFacts => ({ ...deal, clientDeal: indexRoleOf(deal).clientDeal });
/** What the brokered-vehicle log reads of a deal (functions/domain/brokered-vehicles/line.ts). */
const logFacts = (deal: Deal): LogFacts => ({ ...deal, clientDeal: indexRoleOf(deal).clientDeal });

export function dealWrites(table: LeaseDeskTable, entities: DealStoreEntities): DealWrites {
  const ledger = commissionLedger(table);
  const brokeredLog = brokeredVehicleLog(table);

  /**
   * The commission a write books (docs/decisions.md, "Commission ledger"): its entries, their months and the brokers'
   * heads for the deal's own transaction, and the booking and sequence the deal carries after it. The booking the
   * deal carried comes from `before` only: a caller's `after` never sets it.
   */
  async function booking(before: Deal | undefined, after: Deal | undefined) {
    return ledger.dealWrite(
      {
        booking: before?.commission,
        sequence: before?.commissionSequence ?? 0,
        after: after && bookingFacts(after),
        before: before && bookingFacts(before),
      },
      new Date(),
    );
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
    const written = stored(before, after);
    // The brokered-vehicle line of a deal that reaches closing (or changes while closed) goes in the same transaction;
    // nothing here ever deletes one (docs/decisions.md, "Brokered-vehicle log").
    const [booked, logged] = await Promise.all([
      booking(before, written),
      brokeredLog.dealWrite(before && logFacts(before), logFacts(written), new Date()),
    ]);
    const item: Deal = {
      ...written,
      commission: booked.booking,
      commissionSequence: booked.sequence > 0 ? booked.sequence : undefined,
    };
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
      ...indexOperations(entities, before, item),
      ...withdrawals,
      ...(activity ? [entities.dealActivity.build(PutTransaction).item({ ...activity, dealId: item.id })] : []),
      ...booked.operations,
      ...logged,
      ...extra,
    ];
    // Positions in the transaction: the deal's put is 0, the stock number's claim 1 (when claimed), `extra` last of own.
    const claimIndex = claim ? 1 : -1;
    const extraStart = own.length - extra.length;

    // The system tasks go last, each on the revision read: one changed meanwhile (marked done) is read again.
    const { timeZone, none: noTaskSettings } = await brokerTimeZone(entities, item);
    for (let attempt = 1; ; attempt++) {
      const now = new Date();
      const taskWrites = systemTaskChanges(before, item, await currentTasks(entities, before, item), { now, timeZone });
      const outcome = await commitWithStock(
        entities,
        [...own, ...taskWriteOperations(entities.task, taskWrites)],
        unitChanges(before, item),
        counterDeltasOf(before, item),
      );
      if (outcome.ok) {
        if (noTaskSettings && item.brokerId && taskWrites.some(({ task }) => task.status === 'open'))
          await settleFirstTaskSettings(entities, item.brokerId, now);
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

  /**
   * A deal moved to another client (or to none) takes back its sent proposals in the deal's own transaction: each
   * becomes `withdrawn` on the condition that it is still sent (docs/decisions.md, "Proposals"). A proposal shared
   * while the move commits is not among them, but it names the old client, so every reader and the accept (itself a
   * write on the deal's revision) already read it as withdrawn.
   */
  async function proposalWithdrawals(before: Deal | undefined, after: Deal): Promise<WriteOperation[]> {
    if (!before || (before.clientId ?? null) === (after.clientId ?? null)) return [];
    const at = new Date().toISOString();
    const proposals = await queryAll(entities.proposal, { index: 'gsi1', partition: proposalsOfDeal(before.id) });
    return proposals
      .filter((proposal) => proposal.status === 'sent')
      .map(({ tokenHash }) =>
        entities.proposal
          .build(UpdateTransaction)
          .item({ tokenHash, status: 'withdrawn', revokedAt: at })
          .options({ condition: { attr: 'status', eq: 'sent' } }),
      );
  }

  return {
    async create(fields, now, activity, extra = []) {
      const draft: Deal = { ...fields, id: fields.id ?? ulid(now.getTime()), createdAt: now.toISOString(), revision: 0 };
      const written = await write(undefined, draft, activity, extra);
      return { created: written !== null, deal: written ?? draft };
    },

    async replace(before, after, activity) {
      return (await write(before, { ...after, id: before.id, createdAt: before.createdAt }, activity))!;
    },

    async replaceWithReceipt(before, after, activity, receipt, extra = []) {
      try {
        await write(before, { ...after, id: before.id, createdAt: before.createdAt }, activity, [receipt, ...extra]);
        return true;
      } catch (error) {
        if (error instanceof StoreConflictError) return false;
        throw error;
      }
    },

    async delete(before, now = new Date()) {
      // A booked deal's commission is reversed in the delete's own transaction; the entries stay (the ledger keeps them),
      // and so does its brokered-vehicle line, which the delete never touches (docs/decisions.md, "Brokered-vehicle log").
      const booked = await booking(before, undefined);
      const outcome = await commitWithStock(
        entities,
        [
          entities.deal
            .build(DeleteTransaction)
            .key({ id: before.id })
            .options({ condition: { attr: 'revision', eq: before.revision } }),
          ...(before.stockNumber ? [entities.stockNumber.build(DeleteTransaction).key({ stockNumber: before.stockNumber })] : []),
          ...indexOperations(entities, before, undefined),
          entities.vehicleStats.build(DeleteTransaction).key({ vehicleId: before.id }),
          ...taskDeleteOperations(entities.task, before.id),
          ...booked.operations,
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
        queryAll(entities.proposal, { index: 'gsi1', partition: proposalsOfDeal(before.id) }),
      ]);
      for (const { tokenHash } of proposals.filter((proposal) => proposal.status === 'sent')) {
        await entities.proposal
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
        ...(proposals.length > 0 ? [entities.proposalHead.build(BatchDeleteRequest).key({ dealId: before.id })] : []),
      ];
      for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
        const command = table.build(BatchWriteCommand).requests(...requests.slice(start, start + BATCH_WRITE_LIMIT));
        await executeBatchWrite({ maxAttempts: 8 }, command);
      }
    },
  };
}
