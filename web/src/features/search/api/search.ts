/**
 * GET /search for the web (shared/search/api.ts): one request per settled query, cached briefly so that typing back
 * to an earlier query answers at once; a request the user typed past is aborted.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@shared/search/api';
import { api } from '@web/lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

export const searchPath = (q: string) => `/search?${new URLSearchParams({ q }).toString()}`;

/** Results of `q` (trimmed; nothing is asked for an empty one). */
export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => api.get<SearchResponse>(searchPath(q), { signal }),
    enabled: q.length > 0,
    // The previous query's results stay while the next one loads: no flicker between keystrokes.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
