/**
 * GET /deals: one page of the deals list for a search, status and make, ordered by client name, with every
 * distinct make (for the make filter) and the exact count of each client group under the filters, so one call
 * renders the screen. "Load more" asks for the next page by cursor.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { DealListResponse, DealListStatusFilter } from '@shared/deals/list-api';
import { dealKeys } from './deal-keys';

export interface DealsFilter {
  search: string;
  status: DealListStatusFilter;
  /** undefined: All Makes. */
  make?: string;
}

export function dealsListPath({ search, status, make }: DealsFilter, cursor?: string): string {
  const query = new URLSearchParams();
  if (search.trim()) query.set('q', search.trim());
  if (status !== 'all') query.set('status', status);
  if (make) query.set('make', make);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/deals?${text}` : '/deals';
}

export function dealsQueryOptions(filter: DealsFilter) {
  return infiniteQueryOptions({
    queryKey: [...dealKeys.lists(), filter] as const,
    queryFn: ({ pageParam, signal }) => api.get<DealListResponse>(dealsListPath(filter, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The list for `filter`; while the answer to a new filter loads, the previous one stays (isPlaceholderData). */
export function useDeals(filter: DealsFilter) {
  return useInfiniteQuery({ ...dealsQueryOptions(filter), placeholderData: keepPreviousData });
}
