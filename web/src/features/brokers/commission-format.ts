/**
 * How the commission screens word a statement (docs/decisions.md, "Commission ledger"): amounts in dollars and
 * cents (the ledger keeps cents), a month's payout state, and the payroll CSV, written by the app's one CSV encoder
 * (shared/transfers/csv.ts: formula-safe, with the byte-order mark).
 */
import { COMMISSION_ENTRY_KIND_LABELS } from '@shared/brokers/enums';
import type { CommissionEntryView, CommissionMonthResponse, StatementTotals } from '@shared/brokers/commission-api';
import { formatDate, formatMoneyCents } from '@shared/format';
import { toCsv } from '@shared/transfers/csv';
import { commissionLabel } from './broker-format';

/** "$1,234.56", "-$25.00": a ledger amount in cents. */
export const formatCents = (cents: number) => formatMoneyCents(cents / 100);

/**
 * A month's payout state: "Paid" (its own statement was marked paid), "Locked" (a later month was paid, so this one
 * is closed with it), "Open" (payable), or "Open (month not ended)" for the current month, which cannot be paid yet.
 */
export function payoutState(totals: Pick<StatementTotals, 'locked' | 'payout' | 'month'>, currentMonth: string): string {
  if (totals.payout) return 'Paid';
  if (totals.locked) return 'Locked';
  return totals.month >= currentMonth ? 'Open (month not ended)' : 'Open';
}

/** Whether payroll may mark the statement paid: an ended month not locked yet. */
export const canMarkPaid = (totals: Pick<StatementTotals, 'locked' | 'month'>, currentMonth: string) =>
  !totals.locked && totals.month < currentMonth;

/** "Deal closed", "Reversal", "Bonus"…: what an entry is. */
export const entryLabel = (entry: Pick<CommissionEntryView, 'kind'>) => COMMISSION_ENTRY_KIND_LABELS[entry.kind];

/** The agreement an entry was priced with ("10% of fees"); adjustments have none. */
export function entryRate(entry: Pick<CommissionEntryView, 'commissionType' | 'commissionValue' | 'kind'>): string {
  if (entry.kind !== 'booking' && entry.kind !== 'reversal') return '';
  return commissionLabel(entry.commissionType, entry.commissionValue);
}

export const PAYROLL_CSV_HEADER = [
  'Broker',
  'Month',
  'Opening balance',
  'Earned',
  'Paid',
  'Closing balance',
  'Status',
  'Paid on',
  'Payout reference',
] as const;

/** Dollars as a plain number (a negative balance stays a number, never text a spreadsheet could run). */
const dollars = (cents: number) => cents / 100;

/** The month's statements for payroll: one row per broker, amounts in dollars. */
export function payrollCsv({ month, currentMonth, statements }: CommissionMonthResponse): string {
  return toCsv(
    PAYROLL_CSV_HEADER,
    statements.map((row) => [
      row.fullName,
      month,
      dollars(row.openingCents),
      dollars(row.earnedCents),
      dollars(row.paidCents),
      dollars(row.closingCents),
      payoutState(row, currentMonth),
      row.payout ? row.payout.paidOn : null,
      row.payout?.reference ?? null,
    ]),
  );
}

/** "Paid 07/05/2025 · CHK-1042". */
export function payoutLine(payout: NonNullable<StatementTotals['payout']>): string {
  return `Paid ${formatDate(payout.paidOn)} · ${payout.reference}`;
}
