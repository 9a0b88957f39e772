/**
 * GET /marketplace/trending: the most viewed marketplace vehicles of the last 5 days (public: no token); the public
 * embed calls the site's own edge path (shared/api/edge.ts), which CloudFront caches for every dealer site that
 * frames it. The staff dashboard calls GET /dashboard/trending instead (only what the caller may open).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { edgePath } from '@shared/api/edge';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { api, errorFromResponse } from '@web/lib/api-client';

export function getTrendingVehicles(): Promise<TrendingResponse> {
  return api.get<TrendingResponse>('/marketplace/trending', { auth: false });
}

/** The same answer through the site's cached edge path. */
export async function getTrendingVehiclesAtEdge(): Promise<TrendingResponse> {
  const response = await fetch(edgePath('/marketplace/trending'), { headers: { Accept: 'application/json' } });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromResponse(response, payload);
  return payload as TrendingResponse;
}

export function trendingVehiclesQueryOptions({ atEdge = false }: { atEdge?: boolean } = {}) {
  return queryOptions({
    queryKey: ['marketplace', 'trending', atEdge ? 'edge' : 'api'],
    queryFn: atEdge ? getTrendingVehiclesAtEdge : getTrendingVehicles,
  });
}

export function useTrendingVehicles(options: { atEdge?: boolean } = {}) {
  return useQuery(trendingVehiclesQueryOptions(options));
}

/**
 * GET /dashboard/trending: the staff dashboard's panel, only vehicles the caller may open (a dealer's own
 * dealership's), decided by the server.
 */
export function useDashboardTrendingVehicles() {
  return useQuery({
    queryKey: ['marketplace', 'trending', 'dashboard'],
    queryFn: ({ signal }) => api.get<TrendingResponse>('/dashboard/trending', { signal }),
  });
}
