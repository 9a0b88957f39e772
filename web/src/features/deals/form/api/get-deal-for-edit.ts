/** GET /deals/{id} for the edit form's prefill: the detail screen's query (same key), so either page fills the other. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealDetail } from '@shared/deals/api';
import { api } from '@web/lib/api-client';
import { dealKeys } from './deal-form-keys';

export function dealForEditQueryOptions(id: string) {
  return queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => api.get<DealDetail>(`/deals/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useDealForEdit(id: string) {
  return useQuery(dealForEditQueryOptions(id));
}
