/**
 * When a deal write logs a brokered vehicle (docs/decisions.md, "Brokered-vehicle log"): pure functions from the deal
 * before and after the write to the line to write, if any. The store (./log.ts) adds the names and writes it in the
 * deal's own transaction.
 *
 * A deal reaches closing as the commission ledger counts it: a closed client deal with a close date
 * (functions/domain/commission/booking.ts `earningOf`). The line holds the deal as it last stood closed: the first
 * close writes it; a re-close after reopening, or an edit of a closed deal's client, VIN, vehicle, dealership, fee or
 * broker, rewrites the same line (one key per deal, so never a second line). Reopening, archiving and deleting the deal
 * leave it as it is.
 */
import { earningOf, type BookingFacts } from '@functions/domain/commission/booking';

/** What the log reads of a deal: the booking facts, and what only the log shows. */
export interface LogFacts extends BookingFacts {
  clientId?: string | null;
  vin?: string | null;
  dealershipId?: string | null;
}

/** The facts a line records (names aside: the store reads them when it writes the line). */
export interface LineFacts {
  dealId: string;
  closedAt: string;
  brokerId: string;
  clientId?: string;
  clientName?: string;
  vin?: string;
  vehicle?: string;
  dealershipId?: string;
  feeCents: number;
}

const present = <K extends string>(key: K, value: string | null | undefined): Partial<Record<K, string>> =>
  value ? ({ [key]: value } as Record<K, string>) : {};

/** The line of a deal that stands closed, or null while it does not. */
export function lineFactsOf(deal: LogFacts | undefined): LineFacts | null {
  const earning = earningOf(deal);
  if (!deal || !earning) return null;
  const vehicle = deal.year && deal.make && deal.model ? `${deal.year} ${deal.make} ${deal.model}` : undefined;
  return {
    dealId: deal.id,
    closedAt: earning.dealClosedAt,
    brokerId: earning.brokerId,
    ...present('clientId', deal.clientId),
    ...present('clientName', deal.clientName),
    ...present('vin', deal.vin),
    ...present('vehicle', vehicle),
    ...present('dealershipId', deal.dealershipId),
    feeCents: earning.feeCents,
  };
}

const FACT_KEYS = [
  'closedAt',
  'brokerId',
  'clientId',
  'clientName',
  'vin',
  'vehicle',
  'dealershipId',
  'feeCents',
] as const satisfies readonly (keyof LineFacts)[];

export const sameFacts = (a: LineFacts, b: LineFacts) => FACT_KEYS.every((key) => a[key] === b[key]);

/**
 * The line a write must write: the deal's facts after it, when it stands closed and they are not the ones it stood
 * closed with before (it was not closed, or something the log shows changed). Null: the line, if any, stays as it is.
 */
export function lineToWrite(before: LogFacts | undefined, after: LogFacts | undefined): LineFacts | null {
  const next = lineFactsOf(after);
  if (!next) return null;
  const previous = lineFactsOf(before);
  return previous && sameFacts(previous, next) ? null : next;
}
