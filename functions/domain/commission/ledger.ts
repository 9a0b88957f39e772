/**
 * The commission ledger store (docs/decisions.md, "Commission ledger"; docs/data-model.md, "Commission ledger").
 *
 * - `dealWrite` gives the deals store what a deal write books: the entries (each a put on a key that must not exist),
 *   the months' atomic ADDs and a check that each broker's last paid month is still the one read, all for the deal's
 *   own transaction, which is conditioned on the deal's revision. Two requests closing or editing one deal at once
 *   read the same revision and the same booking sequence: one commits, the other's transaction fails on both.
 * - The reads of the statements and the performance page: each one Query (or one GetItem), whatever the book's size.
 * - Adjustments and payouts, each one transaction.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import { nextMonth, type CommissionAgreement } from '@shared/brokers/commission';
import type { AdjustmentKind } from '@shared/brokers/enums';
import { brokerProfileEntity } from '@functions/domain/users/broker-profile';
import { batchGetAll, commit, type WriteOperation } from '@functions/lib/data/transactions';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import {
  bookingEntries,
  bookingPlan,
  isEmptyPlan,
  monthAdditions,
  type BookingFacts,
  type NewEntry,
  type StandingBooking,
} from './booking';
import {
  commissionEntryEntity,
  commissionHeadEntity,
  commissionMonthEntity,
  commissionMonthPrefix,
  commissionPartitions,
  type CommissionEntryItem,
  type CommissionMonthItem,
} from './entities';

/** The booking a deal carries (its `commission` attribute), as stored: no nulls. */
export interface StoredBooking {
  entryId: string;
  brokerId: string;
  month: string;
  dealClosedAt: string;
  feeCents: number;
  amountCents: number;
  commissionType?: 'percentage' | 'flat';
  commissionValue?: number;
}

export const toStanding = (stored: StoredBooking | undefined | null): StandingBooking | null =>
  stored ? { ...stored, commissionType: stored.commissionType ?? null, commissionValue: stored.commissionValue ?? null } : null;

export const toStored = (standing: StandingBooking | null): StoredBooking | undefined => {
  if (!standing) return undefined;
  const { commissionType, commissionValue, ...rest } = standing;
  return {
    ...rest,
    ...(commissionType ? { commissionType } : {}),
    ...(commissionValue !== null && commissionValue !== undefined ? { commissionValue } : {}),
  };
};

/** What a deal write needs to book: the booking and sequence it carried, and the facts of the deal before and after. */
export interface DealBookingInput {
  booking: StoredBooking | undefined;
  sequence: number;
  /** The deal as written; undefined for a delete. */
  after: BookingFacts | undefined;
  /** The deal as it was, for a delete (its client and vehicle go on the reversal). */
  before: BookingFacts | undefined;
}

export interface DealBooking {
  operations: WriteOperation[];
  booking: StoredBooking | undefined;
  sequence: number;
  entries: NewEntry[];
}

/** A broker's ledger month as read (zeros when it has no item). */
export interface LedgerMonth {
  brokerId: string;
  month: string;
  earnedCents: number;
  entryCount: number;
  paidCents: number;
  payout: { paidCents: number; paidOn: string; reference: string; paidAt: string; paidBy?: string } | null;
}

const toMonth = (item: CommissionMonthItem): LedgerMonth => ({
  brokerId: item.brokerId,
  month: item.month,
  earnedCents: item.earnedCents ?? 0,
  entryCount: item.entryCount ?? 0,
  paidCents: item.paidCents ?? 0,
  payout: item.paidAt
    ? {
        paidCents: item.paidCents ?? 0,
        paidOn: item.paidOn ?? item.paidAt.slice(0, 10),
        reference: item.payoutReference ?? '',
        paidAt: item.paidAt,
        ...(item.paidBy ? { paidBy: item.paidBy } : {}),
      }
    : null,
});

export class PayoutConflictError extends Error {
  override readonly name = 'PayoutConflictError';
}

export function commissionLedger(table: LeaseDeskTable) {
  const entities = {
    get entry() {
      return commissionEntryEntity(table);
    },
    get month() {
      return commissionMonthEntity(table);
    },
    get head() {
      return commissionHeadEntity(table);
    },
    get profile() {
      return brokerProfileEntity(table);
    },
  };

  /** The last paid month of each broker (one BatchGet). */
  async function paidThroughOf(brokerIds: string[]): Promise<Map<string, string | null>> {
    const unique = [...new Set(brokerIds)];
    const heads =
      unique.length === 0
        ? []
        : await batchGetAll(
            entities.head,
            unique.map((brokerId) => ({ brokerId })),
          );
    const result = new Map<string, string | null>(unique.map((id) => [id, null]));
    for (const head of heads) result.set(head.brokerId, head.paidThrough ?? null);
    return result;
  }

  async function headOf(brokerId: string): Promise<{ paidThrough: string | null; entryCount: number }> {
    const { Item } = await entities.head.build(GetItemCommand).key({ brokerId }).send();
    return { paidThrough: Item?.paidThrough ?? null, entryCount: Item?.entryCount ?? 0 };
  }

  /** The agreement in force for a broker: their profile's commission (null: no profile, e.g. an admin's own deal). */
  async function agreementOf(brokerId: string): Promise<CommissionAgreement | null> {
    const { Item } = await entities.profile.build(GetItemCommand).key({ userId: brokerId }).send();
    if (!Item) return null;
    return { commissionType: Item.commissionType ?? null, commissionValue: Item.commissionValue ?? null };
  }

  /**
   * A broker's head counts their entries, on the condition that their last paid month is still `paidThrough`: an entry
   * never lands in a month paid meanwhile, and a payout (conditioned on the count it read) never pays a balance that
   * changed after it was read.
   */
  function headCount(brokerId: string, paidThrough: string | null, entryCount: number) {
    return entities.head
      .build(UpdateTransaction)
      .item({ brokerId, entryCount: $add(entryCount) })
      .options({ condition: paidThrough ? { attr: 'paidThrough', eq: paidThrough } : { attr: 'paidThrough', exists: false } });
  }

  /** The operations that write `entries` and add them to their months (and check each broker's head as read). */
  function entryOperations(
    entries: NewEntry[] | CommissionEntryItem[],
    paidThrough: Map<string, string | null>,
  ): WriteOperation[] {
    return [
      ...entries.map((entry) =>
        entities.entry
          .build(PutTransaction)
          .item(entry as CommissionEntryItem)
          .options({ condition: { attr: 'entryId', exists: false } }),
      ),
      ...monthAdditions(entries).map(({ brokerId, month, earnedCents, entryCount }) =>
        entities.month
          .build(UpdateTransaction)
          .item({ brokerId, month, earnedCents: $add(earnedCents), entryCount: $add(entryCount) }),
      ),
      ...[...paidThrough].map(([brokerId, through]) =>
        headCount(brokerId, through, entries.filter((entry) => entry.brokerId === brokerId).length),
      ),
    ];
  }

  return {
    /** What a deal write books (nothing when the deal earns as booked): see the file's comment. */
    async dealWrite(input: DealBookingInput, now: Date): Promise<DealBooking> {
      const plan = bookingPlan(toStanding(input.booking), input.after);
      if (isEmptyPlan(plan)) return { operations: [], booking: input.booking, sequence: input.sequence, entries: [] };
      const brokers = [plan.reverse?.brokerId, plan.book?.brokerId].filter((id): id is string => !!id);
      const [paidThrough, agreement] = await Promise.all([
        paidThroughOf(brokers),
        plan.book && !(plan.keepAgreement && plan.reverse) ? agreementOf(plan.book.brokerId) : Promise.resolve(null),
      ]);
      const deal = (input.after ?? input.before)!;
      const result = bookingEntries(plan, deal, {
        sequence: input.sequence,
        agreement,
        paidThrough: (brokerId) => paidThrough.get(brokerId),
        now,
      });
      return {
        operations: entryOperations(result.entries, paidThrough),
        booking: toStored(result.standing),
        sequence: result.sequence,
        entries: result.entries,
      };
    },

    /** A broker's entries of one ledger month, oldest first (one Query). */
    async entriesOf(brokerId: string, month: string): Promise<CommissionEntryItem[]> {
      return queryAll(entities.entry, { index: 'gsi1', partition: commissionPartitions.brokerMonth(brokerId, month) });
    },

    /** Every broker's entries of one ledger month, by broker then time (one Query). */
    async entriesOfMonth(month: string): Promise<CommissionEntryItem[]> {
      return queryAll(entities.entry, { index: 'gsi2', partition: commissionPartitions.month(month) });
    },

    /** A broker's ledger months up to `through` (inclusive), oldest first (one Query; a month with no item is absent). */
    async monthsOfBroker(brokerId: string, through: string): Promise<LedgerMonth[]> {
      const items = await queryAll(entities.month, {
        index: 'gsi1',
        partition: commissionPartitions.brokerMonths(brokerId),
        range: { lte: through },
      });
      return items.map(toMonth);
    },

    /** Every broker's ledger months from `from` to `to` (inclusive): one Query, brokers x months in size. */
    async months(from: string, to: string): Promise<LedgerMonth[]> {
      const items = await queryAll(entities.month, {
        partition: commissionPartitions.months,
        range: { between: [commissionMonthPrefix(from), `${commissionMonthPrefix(to)}~`] },
      });
      return items.map(toMonth);
    },

    /** Every broker's ledger months up to `through`: the payroll export's balances (one Query). */
    async monthsThrough(through: string): Promise<LedgerMonth[]> {
      const items = await queryAll(entities.month, {
        partition: commissionPartitions.months,
        range: { lte: `${commissionMonthPrefix(through)}~` },
      });
      return items.map(toMonth);
    },

    /** One broker's ledger month (zeros when it has no entries): one GetItem. */
    async month(brokerId: string, month: string): Promise<LedgerMonth> {
      const { Item } = await entities.month.build(GetItemCommand).key({ brokerId, month }).send();
      return toMonth(Item ?? { brokerId, month });
    },

    /** A broker's last paid month and entry count (the payout's conditions). */
    head: headOf,

    /**
     * An admin's adjustment: one entry in the broker's first open month that is not before `month` (the current month),
     * with its month's ADD, on the broker's head as read. False when a payout committed meanwhile (the caller retries).
     */
    async addAdjustment(
      adjustment: { brokerId: string; kind: AdjustmentKind; amountCents: number; reason: string; createdBy: string },
      month: string,
      now: Date,
    ): Promise<CommissionEntryItem | null> {
      const paidThrough = await paidThroughOf([adjustment.brokerId]);
      const through = paidThrough.get(adjustment.brokerId) ?? null;
      const entry: CommissionEntryItem = {
        entryId: `adj#${ulid(now.getTime())}`,
        kind: adjustment.kind,
        brokerId: adjustment.brokerId,
        month: through && month <= through ? nextMonth(through) : month,
        amountCents: adjustment.kind === 'chargeback' ? -adjustment.amountCents : adjustment.amountCents,
        createdAt: now.toISOString(),
        createdBy: adjustment.createdBy,
        reason: adjustment.reason,
      };
      const outcome = await commit(entryOperations([entry], paidThrough));
      return outcome.ok ? entry : null;
    },

    /**
     * Marks a broker's month paid: the payout on the month's item (which must not be paid yet) and the broker's head
     * moved to the month (which must still be the head read), in one transaction. PayoutConflictError when either
     * changed meanwhile.
     */
    async markPaid(
      payout: {
        brokerId: string;
        month: string;
        paidThrough: string | null;
        /** The broker's entry count when the statement was read. */
        entryCount: number;
        paidCents: number;
        paidOn: string;
        reference: string;
        paidBy: string;
        paidAt: string;
      },
      extra: WriteOperation[] = [],
    ): Promise<void> {
      const outcome = await commit([
        entities.month
          .build(UpdateTransaction)
          .item({
            brokerId: payout.brokerId,
            month: payout.month,
            paidCents: payout.paidCents,
            paidOn: payout.paidOn,
            payoutReference: payout.reference,
            paidAt: payout.paidAt,
            paidBy: payout.paidBy,
            earnedCents: $add(0),
            entryCount: $add(0),
          })
          .options({ condition: { attr: 'paidAt', exists: false } }),
        entities.head
          .build(UpdateTransaction)
          .item({ brokerId: payout.brokerId, paidThrough: payout.month })
          .options({
            condition: {
              and: [
                payout.paidThrough ? { attr: 'paidThrough', eq: payout.paidThrough } : { attr: 'paidThrough', exists: false },
                payout.entryCount > 0 ? { attr: 'entryCount', eq: payout.entryCount } : { attr: 'entryCount', exists: false },
              ],
            },
          }),
        ...extra,
      ]);
      if (!outcome.ok) throw new PayoutConflictError('The statement changed meanwhile');
    },
  };
}

export type CommissionLedger = ReturnType<typeof commissionLedger>;
