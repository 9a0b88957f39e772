/** GET /dashboard: every overview count the caller may see, in one call. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard/api';
import { api } from '@web/lib/api-client';

/** The browser's zone goes along: My day is read in it until the broker saves one on their profile. */
export function getDashboard(): Promise<DashboardResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api.get<DashboardResponse>(timeZone ? `/dashboard?timeZone=${encodeURIComponent(timeZone)}` : '/dashboard');
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard });
}

export function useDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardQueryOptions(), enabled });
}
