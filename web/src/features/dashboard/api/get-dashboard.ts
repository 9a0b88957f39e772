import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard/api';
import { api } from '@web/lib/api-client';

/** Every overview count the caller may see, in one call. */
export function getDashboard(): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/dashboard');
}

export function useDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['dashboard'], queryFn: getDashboard, enabled });
}
