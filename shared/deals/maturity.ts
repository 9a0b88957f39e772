/**
 * Lease maturity (docs/decisions.md, "Deal-driven tasks and lease maturity"): when a lease deal is finalized or closed,
 * its lease starts (by default on the day it closed) and matures `termMonths` later; the broker is reminded 180, 90 and
 * 30 days before, to win the client's next lease. Pure date math on "YYYY-MM-DD" days (shared/calendar.ts).
 */
import { addDays, addMonths } from '../calendar';

/** Days before maturity at which the deal's broker gets a follow-up task. */
export const MATURITY_REMINDER_DAYS = [180, 90, 30] as const;

/** How far ahead the "Maturing" view looks. */
export const MATURING_WINDOW_MONTHS = 6;

/** The day a lease started `termMonths` ago matures (the last day of a shorter month when the start's day is past it). */
export function maturityDate(leaseStart: string, termMonths: number): string {
  return addMonths(leaseStart, termMonths);
}

/** The due days of the maturity follow-up tasks, earliest first. */
export function maturityReminderDates(maturity: string): string[] {
  return MATURITY_REMINDER_DAYS.map((days) => addDays(maturity, -days));
}

/** Whether a lease maturing on `maturity` shows in the "Maturing" view on `today`: from today to 6 months ahead. */
export function isMaturingSoon(maturity: string, today: string): boolean {
  return maturity >= today && maturity <= addMonths(today, MATURING_WINDOW_MONTHS);
}
