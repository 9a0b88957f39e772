/** GET /marketplace/vehicles/{id}: one vehicle with every field, its counts and dealership (404 when not the caller's to see). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import { marketplaceKeys } from './get-marketplace-vehicles';

export function getMarketplaceVehicle(id: string, signal?: AbortSignal): Promise<MarketplaceVehicleDetail> {
  return api.get<MarketplaceVehicleDetail>(`/marketplace/vehicles/${encodeURIComponent(id)}`, { signal });
}

export function marketplaceVehicleQueryOptions(id: string) {
  return queryOptions({ queryKey: marketplaceKeys.vehicle(id), queryFn: ({ signal }) => getMarketplaceVehicle(id, signal) });
}

export function useMarketplaceVehicle(id: string) {
  return useQuery(marketplaceVehicleQueryOptions(id));
}
