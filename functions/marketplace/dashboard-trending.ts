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
 * GET /dashboard/trending: the snapshot's vehicles the caller may open (vehicles.ts `canSee`: a dealer only their own
 * dealership's), so no card of the dashboard's panel leads to "not yours to see". The same two reads as the public
 * route, plus a dealer's own user record.
 */
export async function getTrendingVehiclesFor(identity: Identity, data: MarketplaceData): Promise<TrendingResponse> {
  const [viewer, snapshot] = await Promise.all([viewerOf(identity, data), data.trending.get()]);
  if (!snapshot || snapshot.vehicles.length === 0) return { vehicles: [] };
  const deals = await data.deals.getMany(snapshot.vehicles.map((entry) => entry.vehicleId));
  return {
    vehicles: trendingFromSnapshot(
      snapshot,
      deals.filter((deal) => canSee(viewer, deal)),
    ),
  };
}
