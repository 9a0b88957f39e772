/**
 * The values of the quote request that the public wizard needs at run time, apart from ./api.ts: that file builds
 * the server's classic zod schemas, which the wizard's first load must not carry (docs/decisions.md, "Quote wizard
 * bundle"). ./api.ts re-exports both.
 */

export const QUOTE_REQUEST_MESSAGES = {
  idempotencyKey: 'Invalid request: reload the page and try again',
  /** The wizard's failure toast when the server gives no message of its own. */
  submitFailed: 'Failed to submit quote request',
} as const;

/**
 * The hidden form field bots fill and people never see. A request that fills it is answered like any other (201
 * with an id) but stores nothing and e-mails no one, so a bot learns nothing from the answer.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * The wizard's address names a chosen marketplace vehicle as `/get-quote?vehicle={id}` (the trending embed's "Reserve
 * This Deal"). The server decides whether it is one a shopper may reserve; any other id starts the wizard without one.
 */
export const QUOTE_VEHICLE_QUERY = 'vehicle';

/** The public quote wizard's path. */
export const QUOTE_WIZARD_PATH = '/get-quote';

/** The wizard with `vehicleId` chosen: where the trending embed's "Reserve This Deal" goes. */
export function reserveVehiclePath(vehicleId: string): string {
  return `${QUOTE_WIZARD_PATH}?${new URLSearchParams({ [QUOTE_VEHICLE_QUERY]: vehicleId }).toString()}`;
}

/** The longest vehicle id the wizard and the API accept (ids are 26-character ULIDs; this leaves room, no more). */
export const QUOTE_VEHICLE_ID_MAX = 64;

/** "2025 Honda Civic Sport": how the wizard, the lead and its e-mail name a reserved vehicle. */
export function quoteVehicleName(vehicle: { year: number; make: string; model: string; trim: string | null }): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
}
