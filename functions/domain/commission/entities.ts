/**
 * The commission ledger's items (docs/data-model.md, "Commission ledger"; docs/decisions.md, "Commission ledger"):
 *
 * - `commissionEntry`: one booking, reversal or adjustment, written once (a put conditioned on its key not existing)
 *   and never changed. A deal's entries are keyed by the deal id and the deal's booking sequence, so two requests
 *   that would book the same step of one deal collide on the key. Indexed by broker and ledger month (a statement is
 *   one Query) and by ledger month (the payroll export of every broker is one Query).
 * - `commissionMonth`: one broker's ledger month: what its entries sum to (atomic ADDs in the entry's transaction) and,
 *   once an admin marks its statement paid, the payout. In one partition sorted by month then broker (the performance
 *   page reads its months with one Query) and indexed by broker (a statement's opening balance is one Query).
 * - `commissionHead`: per broker, the last month paid and the number of entries. Every month up to the last paid one is
 *   locked: an entry's transaction counts itself on the head on the condition that the last paid month is the one it
 *   read, a payout moves it on the condition that neither changed, so an entry never lands in a month paid meanwhile
 *   and a payout never pays a balance other than the one it read.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { COMMISSION_ENTRY_KINDS, COMMISSION_TYPES } from '@shared/brokers/enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, padded } from '@functions/lib/data/keys';

export const commissionPartitions = {
  /** A broker's entries of one ledger month. */
  brokerMonth: (brokerId: string, month: string) => `COMMISSION#${brokerId}#${month}`,
  /** Every broker's entries of one ledger month. */
  month: (month: string) => `COMMISSION#MONTH#${month}`,
  /** Every broker's ledger months, sorted by month then broker. */
  months: 'COMMISSION#MONTHS',
  /** One broker's ledger months, sorted by month. */
  brokerMonths: (brokerId: string) => `COMMISSION#BROKER#${brokerId}`,
};

/** Sort keys of a month's items in the months partition start with this; `~` closes a month range. */
export const commissionMonthPrefix = (month: string) => `MONTH#${month}#`;

/** A deal's entry id: the deal and its booking sequence (1, 2, ...), so one step of one deal has one key. */
export const dealEntryId = (dealId: string, sequence: number) => `${dealId}#${padded(sequence, 4)}`;

export const commissionEntrySchema = item({
  entryId: string().key(),
  kind: string().enum(...COMMISSION_ENTRY_KINDS),
  brokerId: string(),
  /** The ledger month (YYYY-MM) whose statement carries the entry. */
  month: string(),
  amountCents: number(),
  createdAt: string(),
  /** Who wrote it: the caller of the deal write or the admin of an adjustment; "System" for the migration. */
  createdBy: string().optional(),
  /** Deal entries: the deal as it was when booked, so a statement never reads deals (and survives their deletion). */
  dealId: string().optional(),
  sequence: number().optional(),
  clientName: string().optional(),
  vehicle: string().optional(),
  dealClosedAt: string().optional(),
  feeCents: number().optional(),
  commissionType: string()
    .enum(...COMMISSION_TYPES)
    .optional(),
  commissionValue: number().optional(),
  /** A reversal: the entry it takes back. */
  reverses: string().optional(),
  /** An adjustment's reason, as the admin wrote it. */
  reason: string().optional(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ brokerId, month }) => commissionPartitions.brokerMonth(brokerId, month)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, entryId }) => `${createdAt}#${entryId}`),
  gsi2pk: string()
    .hidden()
    .link<typeof _schema>(({ month }) => commissionPartitions.month(month)),
  gsi2sk: string()
    .hidden()
    .link<typeof _schema>(({ brokerId, createdAt, entryId }) => `${brokerId}#${createdAt}#${entryId}`),
}));

export const commissionEntryEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'commissionEntry',
      table,
      schema: commissionEntrySchema,
      computeKey: ({ entryId }) => ({ pk: `COMMISSIONENTRY#${entryId}`, sk: 'ENTRY' }),
    }),
);
export type CommissionEntryItem = FormattedItem<ReturnType<typeof commissionEntryEntity>>;

export const commissionMonthSchema = item({
  brokerId: string().key(),
  month: string().key(),
  /** The sum of the month's entries, in cents (atomic ADDs in each entry's transaction). */
  earnedCents: number().optional(),
  entryCount: number().optional(),
  /** Set once, when an admin marks the statement paid. */
  paidCents: number().optional(),
  /** YYYY-MM-DD, the payout's date as the admin gave it. */
  paidOn: string().optional(),
  payoutReference: string().optional(),
  paidAt: string().optional(),
  paidBy: string().optional(),
}).and((_schema) => ({
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ brokerId }) => commissionPartitions.brokerMonths(brokerId))
    .updateLink<typeof _schema>(({ brokerId }) => commissionPartitions.brokerMonths(brokerId as string)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ month }) => month)
    .updateLink<typeof _schema>(({ month }) => month as string),
}));

export const commissionMonthEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'commissionMonth',
      table,
      schema: commissionMonthSchema,
      computeKey: ({ brokerId, month }) => ({
        pk: commissionPartitions.months,
        sk: `${commissionMonthPrefix(month)}${brokerId}`,
      }),
    }),
);
export type CommissionMonthItem = FormattedItem<ReturnType<typeof commissionMonthEntity>>;

export const commissionHeadSchema = item({
  brokerId: string().key(),
  /** YYYY-MM: the last month whose statement was marked paid. */
  paidThrough: string().optional(),
  /** Every entry of the broker adds 1 here, in its own transaction: a payout is conditioned on the count it read. */
  entryCount: number().optional(),
});

export const commissionHeadEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'commissionHead',
      table,
      schema: commissionHeadSchema,
      computeKey: ({ brokerId }) => ({ pk: commissionPartitions.brokerMonths(brokerId), sk: 'HEAD' }),
    }),
);
