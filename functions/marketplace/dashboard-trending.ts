/**
 * The dashboard's Trending Vehicles for a signed-in caller (docs/decisions.md, "Dealers see only what they can
 * open"). Its own module so that the public trending route (the embed on every dealer site) does not load the
 * vehicle rules.
 */
import type { TrendingResponse } from '@shared/marketplace/trending';
import type { Identity } from '@functions/lib/auth-context';
import type { MarketplaceData } from './data';
import { trendingFromSnapshot } from './trending';
import { canSee, viewerOf } from './vehicles';

/**
 * GET /dashboard/trending: the vehicles the caller may open (vehicles.ts `canSee`: a dealer only their own
 * dealership's), so no card of the dashboard's panel leads to "not yours to see". A dealer reads their dealership's
 * own top list (the job ranks per dealership too, so other dealerships' leaders do not crowd theirs out); one from
 * an earlier run than the global snapshot (no views since) falls back to the global list filtered. Everyone else:
 * the same two reads as the public route.
 */
export async function getTrendingVehiclesFor(identity: Identity, data: MarketplaceData): Promise<TrendingResponse> {
  const [viewer, snapshot] = await Promise.all([viewerOf(identity, data), data.trending.get()]);
  if (!snapshot || snapshot.vehicles.length === 0) return { vehicles: [] };
  const own = viewer.dealershipId ? await data.trending.getForDealership(viewer.dealershipId) : null;
  const list = own && own.computedAt === snapshot.computedAt ? own : snapshot;
  if (list.vehicles.length === 0) return { vehicles: [] };
  const deals = await data.deals.getMany(list.vehicles.map((entry) => entry.vehicleId));
  return {
    vehicles: trendingFromSnapshot(
      list,
      deals.filter((deal) => canSee(viewer, deal)),
    ),
  };
}
