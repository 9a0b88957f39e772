/**
 * The errors a shared store throws when a write loses to the table's current state. A client can cause them (two
 * people saving one deal, a stock number someone else took), so the HTTP layer answers them as 409 conflicts with
 * their message (functions/lib/http/feature-handler.ts); a service may catch them first to re-read and retry.
 */

/** A write that lost to the table's current state: nothing was written. */
export abstract class StoreConflictError extends Error {}

/** The deal changed since it was read (another write moved its revision on). */
export class DealChangedError extends StoreConflictError {
  override readonly name = 'DealChangedError';
}

/** The stock number belongs to another deal. */
export class StockNumberTakenError extends StoreConflictError {
  override readonly name = 'StockNumberTakenError';
}

/** A unit was to be taken from a vehicle with none left (a deal closing on a sold-out vehicle). */
export class VehicleSoldOutError extends StoreConflictError {
  override readonly name = 'VehicleSoldOutError';
}

/**
 * A condition of an operation a caller added to a deal's transaction (`extra`: a payment receipt, a lead's link)
 * failed: nothing was written. `index` is the failed operation's position in `extra`; the caller knows what it meant
 * and answers accordingly (a lead gone meanwhile is the create's "Lead not found").
 */
export class ExtraConditionFailedError extends StoreConflictError {
  override readonly name = 'ExtraConditionFailedError';
  constructor(
    readonly index: number,
    message = 'The change conflicts with a change made meanwhile. Reload and try again.',
  ) {
    super(message);
  }
}
