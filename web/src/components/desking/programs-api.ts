/**
 * GET /programs/match for the web (shared/programs/api.ts; docs/decisions.md, "Programs"): the lender program rows of
 * a vehicle, term, mileage and state on a date. Read by the Find programs screen, the desk's Programs panel and the
 * deal page's newer-program note, so it lives beside the desk (features do not import each other).
 */
import { useQuery } from '@tanstack/react-query';
import type { MatchQuery, MatchResponse } from '@shared/programs/api';
import { api } from '@web/lib/api-client';

/** Under the programs feature's keys: an import there refreshes every match. */
export const programMatchKey = (query: MatchQuery) => ['programs', 'match', query] as const;

export function matchPath(query: MatchQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value).trim());
  return `/programs/match?${params.toString()}`;
}

/** The program rows for a vehicle; asked only once there is a whole query (`query` set). */
export function useProgramMatch(query: MatchQuery | null) {
  return useQuery({
    queryKey: programMatchKey(query ?? ({} as MatchQuery)),
    queryFn: ({ signal }) => api.get<MatchResponse>(matchPath(query!), { signal }),
    enabled: query !== null,
  });
}
