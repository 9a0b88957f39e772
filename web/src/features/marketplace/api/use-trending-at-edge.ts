/**
 * The public embed's one call: GET /marketplace/trending (public: no token) through the site's own edge path
 * (shared/api/edge.ts), which CloudFront caches for every dealer site that frames the embed. A plain hook over
 * fetch: the embed is its own light entry, without a query library or the runtime configuration (and so without the
 * one API client, which reads it), to stay under 20 KB of JavaScript (docs/decisions.md, "Public pages"). A failure
 * is the caller's to log; the embed then shows its empty state.
 */
import { useEffect, useState } from 'react';
import { edgePath } from '@shared/api/edge';
import type { TrendingResponse } from '@shared/marketplace/trending';

const TRENDING_AT_EDGE = edgePath('/marketplace/trending');

export async function getTrendingVehiclesAtEdge(): Promise<TrendingResponse> {
  const response = await fetch(TRENDING_AT_EDGE, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${TRENDING_AT_EDGE} answered ${response.status}`);
  return (await response.json()) as TrendingResponse;
}

export type TrendingAtEdge =
  { state: 'loading' } | { state: 'loaded'; response: TrendingResponse } | { state: 'failed'; error: unknown };

export function useTrendingAtEdge(): TrendingAtEdge {
  const [trending, setTrending] = useState<TrendingAtEdge>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    getTrendingVehiclesAtEdge().then(
      (response) => current && setTrending({ state: 'loaded', response }),
      (error: unknown) => current && setTrending({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, []);
  return trending;
}
