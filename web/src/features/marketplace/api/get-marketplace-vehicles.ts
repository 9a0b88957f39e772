/**
 * GET /marketplace/vehicles: one page of the marketplace for a tab, search and make, with the tab counts and the
 * per-make counts over every vehicle the caller may see (not only the loaded page), and each vehicle's view and
 * pending-deal counts inline, so one call renders the screen. "Load more" asks for the next page by cursor.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { MarketplaceListResponse, MarketplaceTab } from '@shared/marketplace/api';

export interface MarketplaceFilter {
  tab: MarketplaceTab;
  search: string;
  /** undefined: All Makes. */
  make?: string;
}

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  lists: () => [...marketplaceKeys.all, 'vehicles'] as const,
  list: (filter: MarketplaceFilter) => [...marketplaceKeys.lists(), filter] as const,
  vehicle: (id: string) => [...marketplaceKeys.all, 'vehicle', id] as const,
};

export function marketplaceListPath({ tab, search, make }: MarketplaceFilter, cursor?: string): string {
  const query = new URLSearchParams({ tab });
  if (search.trim()) query.set('q', search.trim());
  if (make) query.set('make', make);
  if (cursor) query.set('cursor', cursor);
  return `/marketplace/vehicles?${query.toString()}`;
}

export function marketplaceVehiclesQueryOptions(filter: MarketplaceFilter) {
  return infiniteQueryOptions({
    queryKey: marketplaceKeys.list(filter),
    queryFn: ({ pageParam, signal }) => api.get<MarketplaceListResponse>(marketplaceListPath(filter, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The list for `filter`; while the answer to a new filter loads, the previous one stays (isPlaceholderData). */
export function useMarketplaceVehicles(filter: MarketplaceFilter) {
  return useInfiniteQuery({ ...marketplaceVehiclesQueryOptions(filter), placeholderData: keepPreviousData });
}
