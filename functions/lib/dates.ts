/** Calendar days in UTC as YYYY-MM-DD: view counters, trending windows and expiry all use UTC days. */
const DAY_MS = 24 * 60 * 60 * 1000;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The `count` UTC days ending with the day of `now`, newest first. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => utcDay(addDays(now, -index)));
}

/** The start of the UTC day of `date`, in epoch seconds. */
export function startOfUtcDaySeconds(date: Date): number {
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000);
}
