/**
 * Adding, editing, archiving and unarchiving a marketplace vehicle. Each invalidates the marketplace lists (tab
 * counts, make counts and groups change) and the vehicle itself; the toasts are the caller's, which knows its words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type {
  CreateMarketplaceVehicleRequest,
  MarketplaceVehicleView,
  UpdateMarketplaceVehicleRequest,
} from '@shared/marketplace/api';
import { marketplaceKeys } from './get-marketplace-vehicles';

const vehiclePath = (id: string) => `/marketplace/vehicles/${encodeURIComponent(id)}`;

function useInvalidateMarketplace() {
  const queryClient = useQueryClient();
  return (vehicle: MarketplaceVehicleView) => {
    // Also the dashboard's "Vehicles in Marketplace" count.
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: marketplaceKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: marketplaceKeys.vehicle(vehicle.id) }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
  };
}

export function useAddMarketplaceVehicle() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (body: CreateMarketplaceVehicleRequest) => api.post<MarketplaceVehicleView>('/marketplace/vehicles', body),
    onSuccess: invalidate,
  });
}

export function useUpdateMarketplaceVehicle(id: string) {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (body: UpdateMarketplaceVehicleRequest) => api.patch<MarketplaceVehicleView>(vehiclePath(id), body),
    onSuccess: invalidate,
  });
}

export function useSetVehicleArchived(id: string) {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (isArchived: boolean) =>
      api.patch<MarketplaceVehicleView>(vehiclePath(id), { isArchived } satisfies UpdateMarketplaceVehicleRequest),
    onSuccess: invalidate,
  });
}
