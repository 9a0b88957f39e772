/** GET /dashboard: every overview count the caller may see, in one call. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard/api';
import { api } from '@web/lib/api-client';

export function getDashboard(): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/dashboard');
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard });
}

export function useDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardQueryOptions(), enabled });
}
