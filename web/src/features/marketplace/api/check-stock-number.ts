/**
 * The live stock-number check of the add form: GET /marketplace/stock-numbers/{stockNumber}. Only a hint while
 * typing; the database decides on submit (a 409 lands on the field).
 */
import { api } from '@web/lib/api-client';
import type { StockNumberAvailability } from '@shared/marketplace/api';

export async function isStockNumberAvailable(
  stockNumber: string,
  { exceptVehicleId, signal }: { exceptVehicleId?: string; signal?: AbortSignal } = {},
): Promise<boolean> {
  // On the edit form the vehicle's own stock number counts as free.
  const query = exceptVehicleId ? `?exceptVehicleId=${encodeURIComponent(exceptVehicleId)}` : '';
  const { available } = await api.get<StockNumberAvailability>(
    `/marketplace/stock-numbers/${encodeURIComponent(stockNumber.trim())}${query}`,
    { signal },
  );
  return available;
}
