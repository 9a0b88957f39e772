/** GET /marketplace/trending: the most viewed marketplace vehicles of the last 5 days (public: no token). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { api } from '@web/lib/api-client';

export function getTrendingVehicles(): Promise<TrendingResponse> {
  return api.get<TrendingResponse>('/marketplace/trending', { auth: false });
}

export function trendingVehiclesQueryOptions() {
  return queryOptions({ queryKey: ['marketplace', 'trending'], queryFn: getTrendingVehicles });
}

export function useTrendingVehicles() {
  return useQuery(trendingVehiclesQueryOptions());
}
