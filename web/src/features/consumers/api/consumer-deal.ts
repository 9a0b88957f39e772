/**
 * GET /deals/{id} as a consumer: the reduced view of their own deal (shared/consumers/api.ts; no lead source,
 * broker fees, credit application or activity in the answer at all). Any other deal is a 404. Cached apart from
 * the staff deal detail: the two answers have different shapes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsumerDealDetail } from '@shared/consumers/api';
import { api } from '@web/lib/api-client';
import { consumerKeys } from './consumer-portal';

export function consumerDealQueryOptions(id: string) {
  return queryOptions({
    queryKey: consumerKeys.deal(id),
    queryFn: ({ signal }) => api.get<ConsumerDealDetail>(`/deals/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useConsumerDeal(id: string) {
  return useQuery(consumerDealQueryOptions(id));
}
