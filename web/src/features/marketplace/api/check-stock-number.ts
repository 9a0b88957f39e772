/**
 * The live stock-number check of the add form: GET /marketplace/stock-numbers/{stockNumber}. Only a hint while
 * typing; the database decides on submit (a 409 lands on the field).
 */
import { api } from '@web/lib/api-client';
import type { StockNumberCheckResponse } from './contract';

export async function isStockNumberAvailable(stockNumber: string, signal?: AbortSignal): Promise<boolean> {
  const { available } = await api.get<StockNumberCheckResponse>(
    `/marketplace/stock-numbers/${encodeURIComponent(stockNumber.trim())}`,
    { signal },
  );
  return available;
}
