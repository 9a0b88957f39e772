/**
 * The performance figures' rules (docs/decisions.md, "Brokers" and "Brokers (web)"), shared by the API and the
 * /admin/brokers month navigator.
 *
 * - A month is a calendar month in UTC, written YYYY-MM.
 * - Fees = dealer fee + client fee of the month's closed deals; shown in whole dollars.
 * - Commission follows the broker's current commission type: a percentage of the month's fees, or the flat amount
 *   per closed deal; whole dollars, rounded half up. A broker with no commission set earns 0.
 * - The team's figures are the sums of the brokers' shown (rounded) figures, so the cards add up to the team card.
 */
import type { CommissionType } from './enums';

/** The UTC calendar month of `date`. */
export function monthOfDate(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** `month` moved by `delta` months (negative goes back). */
export function addMonths(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The `count` months ending at `month`, oldest first. */
export function monthsEndingAt(month: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addMonths(month, index - count + 1));
}

/** YYYY-MM strings compare as months. */
export function isAfterMonth(month: string, other: string): boolean {
  return month > other;
}

export interface Commission {
  commissionType?: CommissionType | null;
  commissionValue?: number | null;
}

export interface ClosedFigures {
  dealsClosed: number;
  /** Dealer fee + client fee in whole cents. */
  feeCents: number;
}

/** Whole dollars of an amount in cents, rounded half up. */
export function wholeDollars(cents: number): number {
  return Math.round(cents / 100);
}

/** The commission of a month's closed deals in whole dollars, by the broker's commission type. */
export function commissionFor(commission: Commission, figures: ClosedFigures): number {
  const value = commission.commissionValue ?? 0;
  if (commission.commissionType === 'percentage') return wholeDollars((figures.feeCents * value) / 100);
  if (commission.commissionType === 'flat') return Math.round(value * figures.dealsClosed);
  return 0;
}
