/** GET /archived-deals (admins only): expired deals, newest expiration first, paged by cursor. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { ArchivedDealsResponse } from '@shared/deals/api';
import { dealKeys } from './deal-keys';

export function archivedDealsPath(cursor?: string): string {
  return cursor ? `/archived-deals?cursor=${encodeURIComponent(cursor)}` : '/archived-deals';
}

export function archivedDealsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: dealKeys.archived(),
    queryFn: ({ pageParam, signal }) => api.get<ArchivedDealsResponse>(archivedDealsPath(pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useArchivedDeals() {
  return useInfiniteQuery(archivedDealsQueryOptions());
}
