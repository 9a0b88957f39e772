/**
 * The brokered-vehicle log's rules (docs/decisions.md, "Brokered-vehicle log"), shared by the API and the admin's
 * screen. Zod-free: the deals store loads it with every deal write (test/infra/background-bundles.test.ts).
 *
 * - One line per client deal that reached closing: its closing date, client, VIN, dealership, fee (dealer fee + client
 *   fee) and broker. Read by a range of closing days (UTC, as the commission ledger and the monthly figures date a
 *   close), at most `BROKERED_RANGE_MAX_DAYS` days, both ends included.
 */

/** The longest range one read or export covers, in days (a leap year): a longer one is refused with 400. */
export const BROKERED_RANGE_MAX_DAYS = 366;

export const BROKERED_VEHICLE_MESSAGES = {
  fromRequired: 'From is required (YYYY-MM-DD)',
  toRequired: 'To is required (YYYY-MM-DD)',
  fromInvalid: 'From must be a date (YYYY-MM-DD)',
  toInvalid: 'To must be a date (YYYY-MM-DD)',
  toBeforeFrom: 'To must be on or after From',
  rangeTooLong: `The range can span at most ${BROKERED_RANGE_MAX_DAYS} days`,
  loadError: 'Error loading the brokered-vehicle log',
  exportError: 'Error exporting the brokered-vehicle log',
  empty: 'No vehicles closed in this range',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `to`, both included (two valid days; 1 for the same day, 0 or less when `to` is earlier). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What is wrong with a range of two valid days, as the field it concerns and the message; null when it is usable. */
export function rangeProblem(from: string, to: string): { field: 'to'; message: string } | null {
  const days = daysInRange(from, to);
  if (days < 1) return { field: 'to', message: BROKERED_VEHICLE_MESSAGES.toBeforeFrom };
  if (days > BROKERED_RANGE_MAX_DAYS) return { field: 'to', message: BROKERED_VEHICLE_MESSAGES.rangeTooLong };
  return null;
}

/** A log line as the API answers it and the CSV writes it. */
export interface BrokeredVehicleLine {
  dealId: string;
  /** When the deal closed (ISO time, UTC). */
  closedAt: string;
  clientName: string | null;
  vin: string | null;
  /** Year, make and model. */
  vehicle: string | null;
  dealershipName: string | null;
  /** Dealer fee + client fee, in cents. */
  feeCents: number;
  brokerName: string | null;
}

export const BROKERED_VEHICLE_CSV_HEADER = ['Closed on', 'Client', 'VIN', 'Vehicle', 'Dealership', 'Fee', 'Broker', 'Deal id'];

/** A line's CSV cells (the encoder, shared/transfers/csv.ts, makes them formula-safe): the fee in dollars, 2 decimals. */
export function brokeredVehicleCsvValues(line: BrokeredVehicleLine): (string | null)[] {
  return [
    line.closedAt.slice(0, 10),
    line.clientName,
    line.vin,
    line.vehicle,
    line.dealershipName,
    (line.feeCents / 100).toFixed(2),
    line.brokerName,
    line.dealId,
  ];
}
