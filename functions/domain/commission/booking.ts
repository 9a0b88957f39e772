/**
 * How a deal write books commission (docs/decisions.md, "Commission ledger"): pure functions from the deal's standing
 * booking (kept on the deal, written by the store only) and the deal as written, to the entries to write and the
 * standing booking after. The store (./ledger-writes.ts) reads what they need (the broker's agreement, the months paid)
 * and writes the result in the deal's own transaction.
 */
import { centsOf, commissionCents, ledgerMonth, NO_AGREEMENT, type CommissionAgreement } from '@shared/brokers/commission';
import type { CommissionEntryKind } from '@shared/brokers/enums';
import { dealEntryId } from './entities';

/** The deal's commission booking in force: what its last booking entry said (absent: nothing booked). */
export interface StandingBooking extends CommissionAgreement {
  entryId: string;
  brokerId: string;
  /** The ledger month the booking went to. */
  month: string;
  dealClosedAt: string;
  feeCents: number;
  amountCents: number;
}

/** What the booking rules read of a deal. */
export interface BookingFacts {
  id: string;
  brokerId: string;
  status: string;
  dealClosedAt?: string | null;
  brokerFeeDealer?: number | null;
  brokerFeeClient?: number | null;
  /** A client deal (functions/domain/deals/inventory.ts); a listing earns nothing. */
  clientDeal: boolean;
  clientName?: string | null;
  year?: number;
  make?: string;
  model?: string;
}

/** What a deal earns on: its broker, close date and fees, or null while it earns nothing. */
export interface Earning {
  brokerId: string;
  dealClosedAt: string;
  feeCents: number;
}

/** The deal earns while it is a closed client deal with a close date (as the performance page counts it). */
export function earningOf(deal: BookingFacts | undefined): Earning | null {
  if (!deal || !deal.clientDeal || deal.status !== 'closed' || !deal.dealClosedAt) return null;
  return {
    brokerId: deal.brokerId,
    dealClosedAt: deal.dealClosedAt,
    feeCents: centsOf(deal.brokerFeeDealer) + centsOf(deal.brokerFeeClient),
  };
}

/**
 * What a write must book: `reverse` the standing booking when the deal no longer earns as booked, `book` a new one
 * when it earns. `keepAgreement`: the deal stays closed with the same broker (its fees were edited), so the new
 * booking keeps the agreement it closed under; any other new booking is priced by the agreement in force.
 */
export interface BookingPlan {
  /** The standing booking before the write. */
  current: StandingBooking | null;
  reverse: StandingBooking | null;
  book: Earning | null;
  keepAgreement: boolean;
}

export function bookingPlan(standing: StandingBooking | null | undefined, after: BookingFacts | undefined): BookingPlan {
  const earning = earningOf(after);
  const current = standing ?? null;
  if (!current) return { current, reverse: null, book: earning, keepAgreement: false };
  if (!earning) return { current, reverse: current, book: null, keepAgreement: false };
  const same =
    earning.brokerId === current.brokerId &&
    earning.feeCents === current.feeCents &&
    earning.dealClosedAt === current.dealClosedAt;
  if (same) return { current, reverse: null, book: null, keepAgreement: false };
  return { current, reverse: current, book: earning, keepAgreement: earning.brokerId === current.brokerId };
}

export const isEmptyPlan = (plan: BookingPlan) => !plan.reverse && !plan.book;

/** One entry to write: the entity's item. */
export interface NewEntry {
  entryId: string;
  kind: CommissionEntryKind;
  brokerId: string;
  month: string;
  amountCents: number;
  createdAt: string;
  createdBy?: string;
  dealId: string;
  sequence: number;
  clientName?: string;
  vehicle?: string;
  dealClosedAt: string;
  feeCents: number;
  commissionType?: CommissionAgreement['commissionType'] & string;
  commissionValue?: number;
  reverses?: string;
}

export interface BookingContext {
  /** The deal's last booking sequence used (0: none yet). */
  sequence: number;
  /** The agreement in force for the broker the new booking goes to. */
  agreement: CommissionAgreement | null;
  /** Per broker, the last month paid (absent: none). */
  paidThrough: (brokerId: string) => string | null | undefined;
  now: Date;
  actor?: string;
}

const vehicleOf = (deal: BookingFacts) =>
  deal.year && deal.make && deal.model ? `${deal.year} ${deal.make} ${deal.model}` : undefined;

const agreementFields = (agreement: CommissionAgreement) => ({
  ...(agreement.commissionType ? { commissionType: agreement.commissionType } : {}),
  ...(agreement.commissionValue !== null && agreement.commissionValue !== undefined
    ? { commissionValue: agreement.commissionValue }
    : {}),
});

/**
 * The entries of a plan and the standing booking after it. `deal` is the deal as written (for a delete, as it was):
 * its client and vehicle are copied on the entries. Reversals go first, each in its natural month unless locked.
 */
export function bookingEntries(
  plan: BookingPlan,
  deal: BookingFacts,
  context: BookingContext,
): { entries: NewEntry[]; standing: StandingBooking | null; sequence: number } {
  const entries: NewEntry[] = [];
  let sequence = context.sequence;
  let standing: StandingBooking | null = plan.current;
  const createdAt = context.now.toISOString();
  const common = {
    createdAt,
    ...(context.actor ? { createdBy: context.actor } : {}),
    dealId: deal.id,
    ...(deal.clientName ? { clientName: deal.clientName } : {}),
    ...(vehicleOf(deal) ? { vehicle: vehicleOf(deal) } : {}),
  };
  if (plan.reverse) {
    const reversed = plan.reverse;
    sequence += 1;
    entries.push({
      ...common,
      entryId: dealEntryId(deal.id, sequence),
      kind: 'reversal',
      brokerId: reversed.brokerId,
      month: ledgerMonth(reversed.month, context.paidThrough(reversed.brokerId)),
      amountCents: -reversed.amountCents,
      sequence,
      dealClosedAt: reversed.dealClosedAt,
      feeCents: reversed.feeCents,
      ...agreementFields(reversed),
      reverses: reversed.entryId,
    });
    standing = null;
  }
  if (plan.book) {
    const earning = plan.book;
    const agreement =
      plan.keepAgreement && plan.reverse
        ? { commissionType: plan.reverse.commissionType, commissionValue: plan.reverse.commissionValue }
        : (context.agreement ?? NO_AGREEMENT);
    const amountCents = commissionCents(agreement, earning.feeCents);
    const month = ledgerMonth(earning.dealClosedAt.slice(0, 7), context.paidThrough(earning.brokerId));
    sequence += 1;
    const entryId = dealEntryId(deal.id, sequence);
    entries.push({
      ...common,
      entryId,
      kind: 'booking',
      brokerId: earning.brokerId,
      month,
      amountCents,
      sequence,
      dealClosedAt: earning.dealClosedAt,
      feeCents: earning.feeCents,
      ...agreementFields(agreement),
    });
    standing = {
      entryId,
      brokerId: earning.brokerId,
      month,
      dealClosedAt: earning.dealClosedAt,
      feeCents: earning.feeCents,
      amountCents,
      ...agreement,
    };
  }
  return { entries, standing, sequence };
}

/** Per broker and ledger month, what a set of entries adds (cents and count): the months' atomic ADDs. */
export function monthAdditions(entries: readonly Pick<NewEntry, 'brokerId' | 'month' | 'amountCents'>[]) {
  const byKey = new Map<string, { brokerId: string; month: string; earnedCents: number; entryCount: number }>();
  for (const { brokerId, month, amountCents } of entries) {
    const key = `${month}#${brokerId}`;
    const sum = byKey.get(key) ?? { brokerId, month, earnedCents: 0, entryCount: 0 };
    sum.earnedCents += amountCents;
    sum.entryCount += 1;
    byKey.set(key, sum);
  }
  return [...byKey.values()];
}
