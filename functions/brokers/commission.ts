/**
 * Commission statements, adjustments and payouts (docs/decisions.md, "Commission ledger"). A statement reads the
 * broker's ledger months up to its month (one Query: the opening balance), its entries (one Query) and the broker's
 * head (one GetItem) and name: a bounded number of reads whatever the book's size. Brokers read their own statements;
 * another broker's is 404, as for other people's records (docs/security.md, "Ownership"). Admins read, adjust and pay.
 */
import { FUTURE_MONTH_MESSAGE } from '@shared/brokers/api';
import { centsOf, payoutCents, statementBalances, statementEntryOrder } from '@shared/brokers/commission';
import {
  COMMISSION_MESSAGES,
  type AdjustmentRequest,
  type CommissionEntryView,
  type CommissionMonthResponse,
  type PayoutRequest,
  type StatementResponse,
  type StatementTotals,
} from '@shared/brokers/commission-api';
import { isAfterMonth, monthOfDate } from '@shared/brokers/stats';
import type { Identity } from '@functions/lib/auth-context';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import { notify } from '@functions/domain/notifications/notify';
import { PayoutConflictError, type LedgerMonth } from '@functions/domain/commission/ledger';
import type { CommissionEntryItem } from '@functions/domain/commission/entities';
import type { BrokerServices } from './deps';
import { statsBrokers } from './stats';

function shownMonth(month: string | undefined, now: Date): { month: string; currentMonth: string } {
  const currentMonth = monthOfDate(now);
  const shown = month ?? currentMonth;
  if (isAfterMonth(shown, currentMonth)) throw new BadRequestError(FUTURE_MONTH_MESSAGE, { month: FUTURE_MONTH_MESSAGE });
  return { month: shown, currentMonth };
}

const entryView = (entry: CommissionEntryItem): CommissionEntryView => ({
  entryId: entry.entryId,
  kind: entry.kind,
  createdAt: entry.createdAt,
  amountCents: entry.amountCents,
  dealId: entry.dealId ?? null,
  clientName: entry.clientName ?? null,
  vehicle: entry.vehicle ?? null,
  dealClosedAt: entry.dealClosedAt ?? null,
  feeCents: entry.feeCents ?? null,
  commissionType: entry.commissionType ?? null,
  commissionValue: entry.commissionValue ?? null,
  reverses: entry.reverses ?? null,
  reason: entry.reason ?? null,
});

function totals(
  broker: { brokerId: string; fullName: string },
  month: string,
  months: LedgerMonth[],
  paidThrough: string | null,
): StatementTotals {
  const own = months.filter((row) => row.brokerId === broker.brokerId);
  const payout = own.find((row) => row.month === month)?.payout ?? null;
  return {
    brokerId: broker.brokerId,
    fullName: broker.fullName,
    month,
    ...statementBalances(own, month),
    locked: !!paidThrough && month <= paidThrough,
    payout: payout && { paidCents: payout.paidCents, paidOn: payout.paidOn, reference: payout.reference, paidAt: payout.paidAt },
  };
}

/** The broker's name as the performance page shows it; null when the id is nobody's broker profile nor user. */
async function brokerName(brokerId: string, services: BrokerServices): Promise<string | null> {
  const { brokers } = services.data;
  const [profiles, people] = await Promise.all([brokers.profiles([brokerId]), brokers.users([brokerId])]);
  const profile = profiles[0];
  if (!profile && !people[0]) return null;
  return people[0]?.fullName ?? profile?.fullName ?? profile?.email ?? brokerId;
}

/** GET /commission/statements/{brokerId}: one broker's statement of a month (their own, or any for an admin). */
export async function getStatement(
  caller: Identity,
  brokerId: string,
  month: string | undefined,
  services: BrokerServices,
  now: Date,
): Promise<StatementResponse> {
  if (caller.role !== 'admin' && caller.userId !== brokerId) throw new NotFoundError(COMMISSION_MESSAGES.statementNotFound);
  const shown = shownMonth(month, now);
  const { commission } = services.data;
  const [fullName, months, entries, head] = await Promise.all([
    brokerName(brokerId, services),
    commission.monthsOfBroker(brokerId, shown.month),
    commission.entriesOf(brokerId, shown.month),
    commission.head(brokerId),
  ]);
  if (fullName === null && months.length === 0) throw new NotFoundError(COMMISSION_MESSAGES.statementNotFound);
  return {
    ...totals({ brokerId, fullName: fullName ?? 'Former user' }, shown.month, months, head.paidThrough),
    currentMonth: shown.currentMonth,
    entries: entries.map(entryView).sort(statementEntryOrder),
  };
}

/**
 * GET /admin/commission: every broker's statement totals of a month (the payroll screen and its CSV): the approved
 * brokers, then anyone else with a ledger up to the month. One Query of every broker's months up to it, the heads.
 */
export async function commissionMonth(
  month: string | undefined,
  services: BrokerServices,
  now: Date,
): Promise<CommissionMonthResponse> {
  const shown = shownMonth(month, now);
  const { commission } = services.data;
  const months = await commission.monthsThrough(shown.month);
  const brokers = await statsBrokers(months, services);
  const heads = await Promise.all(brokers.map(({ brokerId }) => commission.head(brokerId)));
  return {
    month: shown.month,
    currentMonth: shown.currentMonth,
    statements: brokers.map((broker, index) => totals(broker, shown.month, months, heads[index]!.paidThrough)),
  };
}

/** POST /admin/commission/adjustments: one entry in the broker's current open month, with the admin's reason. */
export async function addAdjustment(
  caller: Identity,
  input: AdjustmentRequest,
  services: BrokerServices,
  now: Date,
): Promise<CommissionEntryView> {
  const name = await brokerName(input.brokerId, services);
  const profiles = await services.data.brokers.profiles([input.brokerId]);
  if (name === null || profiles.length === 0) throw new NotFoundError(COMMISSION_MESSAGES.brokerNotFound);
  const adjustment = { ...input, amountCents: centsOf(input.amount), createdBy: caller.userId };
  // A payout committed between the head's read and the write moves the month on: read again once.
  for (let attempt = 1; attempt <= 2; attempt++) {
    const entry = await services.data.commission.addAdjustment(adjustment, monthOfDate(now), now);
    if (entry) return entryView(entry);
  }
  throw new ConflictError(COMMISSION_MESSAGES.statementChanged);
}

/**
 * POST /admin/commission/payouts: pays everything owed through the month (never a month not ended yet, nor one
 * already locked) if the balance is still the one the admin saw, locks every month up to it and notifies the
 * broker, in one transaction.
 */
export async function markPaid(
  caller: Identity,
  input: PayoutRequest,
  services: BrokerServices,
  now: Date,
): Promise<StatementResponse> {
  // Payroll pays a month once it has ended: entries then never land in a month not yet shown.
  if (input.month >= monthOfDate(now))
    throw new BadRequestError(COMMISSION_MESSAGES.futureMonth, { month: COMMISSION_MESSAGES.futureMonth });
  const { commission } = services.data;
  const [head, months, fullName] = await Promise.all([
    commission.head(input.brokerId),
    commission.monthsOfBroker(input.brokerId, input.month),
    brokerName(input.brokerId, services),
  ]);
  if (fullName === null && months.length === 0) throw new NotFoundError(COMMISSION_MESSAGES.statementNotFound);
  if (head.paidThrough && input.month <= head.paidThrough)
    throw new BadRequestError(COMMISSION_MESSAGES.alreadyPaid, { month: COMMISSION_MESSAGES.alreadyPaid });
  const balances = statementBalances(months, input.month);
  if (balances.closingCents !== input.expectedCents) throw new ConflictError(COMMISSION_MESSAGES.statementChanged);
  try {
    await commission.markPaid(
      {
        brokerId: input.brokerId,
        month: input.month,
        paidThrough: head.paidThrough,
        entryCount: head.entryCount,
        paidCents: payoutCents(balances),
        paidOn: input.paidOn,
        reference: input.reference,
        paidBy: caller.userId,
        paidAt: now.toISOString(),
      },
      services.data.notifications.writes([notify.commissionPaid(input.brokerId, input.month)], now),
    );
  } catch (error) {
    if (error instanceof PayoutConflictError) throw new ConflictError(COMMISSION_MESSAGES.statementChanged);
    throw error;
  }
  return getStatement(caller, input.brokerId, input.month, services, now);
}
