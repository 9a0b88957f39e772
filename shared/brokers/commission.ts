/**
 * The commission ledger's rules (docs/decisions.md, "Commission ledger"), shared by the API (the deals store books
 * entries with them) and the screens (a statement's balances).
 *
 * - A deal earns commission while it is a closed client deal with a close date, as the performance page counts it:
 *   its fees are dealer fee + client fee, in whole cents.
 * - The amount is fixed when the entry is booked, from the agreement then in force: a percentage of the fees
 *   (rounded to the cent, half up), or the flat amount per deal. No agreement set: 0, still booked, so the deal shows
 *   on the statement.
 * - Entries are never changed: a change to a booked deal reverses its entry (the same amount, negated) and books a new
 *   one where the deal still earns.
 * - Each entry belongs to a ledger month. A booking's natural month is its deal's close month, a reversal's the month of
 *   the entry it reverses; a month up to the broker's last paid month is locked, so an entry whose natural month is
 *   locked goes to the month after the last paid one.
 * - A statement: opening balance = what earlier months earned less what they paid; closing = opening + earned - paid.
 *   Its entries read in the order their deals closed (statementEntryOrder).
 */
import type { CommissionType } from './enums';

/** The agreement an entry was priced with (the broker's commission as it stood when it was booked). */
export interface CommissionAgreement {
  commissionType: CommissionType | null;
  commissionValue: number | null;
}

export const NO_AGREEMENT: CommissionAgreement = { commissionType: null, commissionValue: null };

/** Whole cents of a dollar amount (fees are stored in dollars with at most 2 decimals). */
export const centsOf = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

/** The commission, in cents, an agreement pays for a deal whose fees are `feeCents`. */
export function commissionCents(agreement: CommissionAgreement, feeCents: number): number {
  const value = agreement.commissionValue ?? 0;
  if (agreement.commissionType === 'percentage') return Math.round((feeCents * value) / 100);
  if (agreement.commissionType === 'flat') return Math.round(value * 100);
  return 0;
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${String(year).padStart(4, '0')}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * The ledger month of an entry whose natural month is `natural`, for a broker paid through `paidThrough` (the
 * last month marked paid; every month up to it is locked): the natural month while it is open, else the month after
 * the last paid one.
 */
export function ledgerMonth(natural: string, paidThrough: string | null | undefined): string {
  if (!paidThrough || natural > paidThrough) return natural;
  return nextMonth(paidThrough);
}

/** One month of a broker's ledger: what its entries sum to and what was paid with its statement (cents). */
export interface LedgerMonthTotals {
  month: string;
  earnedCents: number;
  paidCents: number;
}

export interface StatementBalances {
  openingCents: number;
  earnedCents: number;
  paidCents: number;
  closingCents: number;
}

/** The balances of `month`'s statement from the broker's months (any order; months after `month` are ignored). */
export function statementBalances(months: readonly LedgerMonthTotals[], month: string): StatementBalances {
  let openingCents = 0;
  let earnedCents = 0;
  let paidCents = 0;
  for (const totals of months) {
    if (totals.month < month) openingCents += totals.earnedCents - totals.paidCents;
    else if (totals.month === month) {
      earnedCents += totals.earnedCents;
      paidCents += totals.paidCents;
    }
  }
  return { openingCents, earnedCents, paidCents, closingCents: openingCents + earnedCents - paidCents };
}

/** What marking a statement paid pays: everything owed through its month; nothing when the broker owes (chargebacks). */
export function payoutCents(balances: Pick<StatementBalances, 'openingCents' | 'earnedCents' | 'paidCents'>): number {
  return Math.max(0, balances.openingCents + balances.earnedCents - balances.paidCents);
}

/** What orders a statement's entries: when its deal closed (else when it was written), then when it was written. */
export interface StatementEntryDates {
  entryId: string;
  createdAt: string;
  dealClosedAt: string | null;
}

/**
 * A statement's entries in the order their deals closed (the date the statement shows for them; an adjustment, or
 * a reversal of a reopened deal, when it was written), then the order they were written, then their key (the
 * entries of one deal write: its booking sequence). The ledger keeps a broker's month in the order entries were
 * written, which would list a fee edit's reversal and rebooking after deals closed since, and the deals the
 * ledger's opening migration booked at one moment in the order of their ids (docs/decisions.md, "Commission
 * ledger").
 */
export function statementEntryOrder(a: StatementEntryDates, b: StatementEntryDates): number {
  const shown = (entry: StatementEntryDates) => entry.dealClosedAt ?? entry.createdAt;
  return (
    shown(a).localeCompare(shown(b)) ||
    a.createdAt.localeCompare(b.createdAt) ||
    (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0)
  );
}
