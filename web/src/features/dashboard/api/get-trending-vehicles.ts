import { useQuery } from '@tanstack/react-query';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { api } from '@web/lib/api-client';

/** The most viewed marketplace vehicles of the last 5 days (a public route: no token needed). */
export function getTrendingVehicles(): Promise<TrendingResponse> {
  return api.get<TrendingResponse>('/marketplace/trending', { auth: false });
}

export function useTrendingVehicles() {
  return useQuery({ queryKey: ['marketplace', 'trending'], queryFn: getTrendingVehicles });
}
