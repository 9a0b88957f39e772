/** GET /maturing-deals (admins and brokers): leases maturing in the next 6 months, earliest first, paged by cursor. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MaturingDealsResponse } from '@shared/deals/maturing-api';
import { dealKeys } from './deal-keys';

export function maturingDealsPath(cursor?: string): string {
  return cursor ? `/maturing-deals?cursor=${encodeURIComponent(cursor)}` : '/maturing-deals';
}

export function maturingDealsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: dealKeys.maturing(),
    queryFn: ({ pageParam, signal }) => api.get<MaturingDealsResponse>(maturingDealsPath(pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMaturingDeals() {
  return useInfiniteQuery(maturingDealsQueryOptions());
}
