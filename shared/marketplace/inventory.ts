/**
 * Inventory is inventory (docs/decisions.md, "Marketplace"). A `deal` record is either a marketplace listing
 * (a vehicle for sale: added on /marketplace/new, or a deal created with "add to marketplace" ticked) or a client
 * deal. Only listings are in the marketplace; only client deals count as deals in the broker statistics; a client
 * deal created from a listing (`sourceVehicleId`) counts on it as a pending deal while it is open and takes one unit
 * of its stock while it is closed.
 *
 * Pure: the deals store applies these rules to every write (functions/domain/deals/), the migration to the deals
 * stored before the rule (infra/scripts/migrations/inventory.ts).
 */
import type { DealStatus } from '../deals/enums';

export interface InventoryFacts {
  /** Stored on every deal written since 25 Nov 2026; absent on older ones (the migration sets it). */
  listing?: boolean | null;
  stockNumber?: string | null;
}

/**
 * Whether a deal that predates the flag is a listing: the add-vehicle form requires a stock number and the deal form
 * has none, so a stock number is what only listings carry. A deal once created with "add to marketplace" ticked has
 * no stock number and reads as a client deal (it had a client: the create form requires one).
 */
export const inferredListing = (deal: Pick<InventoryFacts, 'stockNumber'>): boolean => !!deal.stockNumber?.trim();

/** Whether a deal is a marketplace listing rather than a client deal. */
export function isListing(deal: InventoryFacts): boolean {
  return deal.listing ?? inferredListing(deal);
}

/** A listing's available stock: 1 when never set (the add form's default). */
export const availableStockOf = (vehicle: { availableStock?: number | null }): number => vehicle.availableStock ?? 1;

/** A listing with no unit left is sold out: it leaves the active tab until a unit comes back. */
export const isSoldOut = (vehicle: { availableStock?: number | null }): boolean => availableStockOf(vehicle) <= 0;

/** The statuses in which a client deal is pending on the vehicle it was created from (open: not closed nor lost). */
export const PENDING_DEAL_STATUSES = ['available', 'pending', 'active', 'finalized'] as const satisfies readonly DealStatus[];

interface SourcedDeal extends InventoryFacts {
  status: DealStatus | string;
  sourceVehicleId?: string | null;
}

/** The vehicle a client deal counts on as a pending deal, if any. */
export function pendingOn(deal: SourcedDeal): string | null {
  if (isListing(deal) || !deal.sourceVehicleId) return null;
  return (PENDING_DEAL_STATUSES as readonly string[]).includes(deal.status) ? deal.sourceVehicleId : null;
}

/** The vehicle a client deal holds one unit of (it is closed), if any. */
export function unitTakenFrom(deal: SourcedDeal): string | null {
  if (isListing(deal) || !deal.sourceVehicleId) return null;
  return deal.status === 'closed' ? deal.sourceVehicleId : null;
}

/** Per vehicle, the change of available stock a write makes: -1 when a deal closes, +1 when it is reopened or deleted. */
export function stockChanges(before: SourcedDeal | undefined, after: SourcedDeal | undefined): Map<string, number> {
  const changes = new Map<string, number>();
  const held = (deal: SourcedDeal | undefined, sign: number) => {
    const vehicleId = deal ? unitTakenFrom(deal) : null;
    if (vehicleId) changes.set(vehicleId, (changes.get(vehicleId) ?? 0) + sign);
  };
  held(before, 1);
  held(after, -1);
  return new Map([...changes].filter(([, change]) => change !== 0));
}

export const VEHICLE_SOLD_OUT_MESSAGE = 'The vehicle this deal was created from has no units left';
