/**
 * GET /deals/{id}: everything the deal page needs in one call: the deal with every field, its client, dealership,
 * broker, credit application link, the activity newest first, and what the caller may do with it (404 when the deal
 * does not exist or is not the caller's to see). The edit form loads the same query for its prefill.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { DealDetail } from '@shared/deals/api';
import { dealKeys } from './deal-keys';

export function getDeal(id: string, signal?: AbortSignal): Promise<DealDetail> {
  return api.get<DealDetail>(`/deals/${encodeURIComponent(id)}`, { signal });
}

export function dealQueryOptions(id: string) {
  return queryOptions({ queryKey: dealKeys.detail(id), queryFn: ({ signal }) => getDeal(id, signal) });
}

export function useDeal(id: string) {
  return useQuery(dealQueryOptions(id));
}
