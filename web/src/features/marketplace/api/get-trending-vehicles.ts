/**
 * GET /dashboard/trending: the staff dashboard's panel, only vehicles the caller may open (a dealer's own
 * dealership's), decided by the server. The public embed's page is written with its vehicles by the rank-trending
 * job, and reads GET /marketplace/trending through the site's edge path only before that (web/src/embed/main.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { api } from '@web/lib/api-client';

export function useDashboardTrendingVehicles() {
  return useQuery({
    queryKey: ['marketplace', 'trending', 'dashboard'],
    queryFn: ({ signal }) => api.get<TrendingResponse>('/dashboard/trending', { signal }),
  });
}
