/** Pure marketplace rules shown on vehicle cards. */
import { LAST_ONE_STOCK } from '../constants';

/** "Last One!" badge: exactly one unit left on an active (not archived) vehicle. */
export function isLastOne(vehicle: { availableStock: number; isArchived: boolean }): boolean {
  return !vehicle.isArchived && vehicle.availableStock === LAST_ONE_STOCK;
}
