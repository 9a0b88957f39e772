/**
 * The performance figures' rules (docs/decisions.md, "Brokers" and "Brokers (web)"), shared by the API and the
 * /admin/brokers month navigator.
 *
 * - A month is a calendar month in UTC, written YYYY-MM.
 * - Fees = dealer fee + client fee of the month's closed deals; shown in whole dollars.
 * - Commission is what the month's commission ledger entries sum to (shared/brokers/commission.ts), in whole dollars.
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

/** Whole dollars of an amount in cents, rounded half up. */
export function wholeDollars(cents: number): number {
  return Math.round(cents / 100);
}
