/**
 * Trending vehicles: views of the last TRENDING_WINDOW_DAYS UTC days (today included) summed per vehicle, ranked,
 * and the first TRENDING_LIMIT that are in the marketplace (not archived, not deleted).
 *
 * Ranking reads every vehicle viewed in the window, so it does not run per request: the rank-trending job
 * (every 5 minutes) ranks from the per-day counters and writes one snapshot, and the route reads that snapshot
 * and the few vehicles in it. The list is at most minutes old; the vehicles' fields and whether they are still
 * in the marketplace are read at request time.
 */
import { isListing, isSoldOut } from '@shared/marketplace/inventory';
import { TRENDING_LIMIT, TRENDING_WINDOW_DAYS } from '@shared/constants';
import type { TrendingResponse, TrendingVehicle } from '@shared/marketplace/trending';
import type { MarketplaceData } from './data';
import type { RankTrendingData } from './data/rank-trending';
import type { Deal } from '@functions/lib/data/deals/deals';
import { paymentFields, vehicleFields } from '@functions/lib/data/deals/deal-views';
import type { TrendingSnapshot } from './data/trending';
import { lastDays } from '@functions/lib/dates';

export interface VehicleViews {
  vehicleId: string;
  views: number;
}

/** Pure: sums per vehicle over the days and orders by views (most first), ties by vehicle id for a stable order. */
export function rankByViews(days: VehicleViews[][]): VehicleViews[] {
  const totals = new Map<string, number>();
  for (const day of days) {
    for (const { vehicleId, views } of day) totals.set(vehicleId, (totals.get(vehicleId) ?? 0) + views);
  }
  return [...totals]
    .filter(([, views]) => views > 0)
    .map(([vehicleId, views]) => ({ vehicleId, views }))
    .sort((a, b) => b.views - a.views || (a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0));
}

/** Pure: whether a vehicle (as read, undefined when deleted) may be shown as trending: a listing in the active tab. */
export function isInMarketplace(
  deal: (Pick<Deal, 'isArchived'> & Partial<Pick<Deal, 'listing' | 'stockNumber' | 'availableStock'>>) | undefined,
): boolean {
  return !!deal && !deal.isArchived && isListing(deal) && !isSoldOut(deal);
}

/**
 * Pure: up to `limit` of the ranked vehicles that are in the marketplace, in rank order. `deals` holds what was
 * read of them; a vehicle missing from it was deleted.
 */
export function leadingVehicles<T extends VehicleViews>(
  ranked: T[],
  deals: ReadonlyMap<string, Parameters<typeof isInMarketplace>[0]>,
  limit: number,
): T[] {
  return ranked.filter((entry) => isInMarketplace(deals.get(entry.vehicleId))).slice(0, limit);
}

/** The trending card: the vehicle and payment as every deal view has them (deal-views.ts), id and trim renamed. */
export function toTrendingVehicle(deal: Deal, views: number): TrendingVehicle {
  const { id, trim, ...vehicle } = vehicleFields(deal);
  return {
    ...vehicle,
    ...paymentFields(deal),
    vehicleId: id,
    vehicleTrim: trim,
    imageUrl: deal.imageUrl ?? null,
    msrp: deal.msrp ?? null,
    expirationDate: deal.expirationDate ?? null,
    views,
  };
}

/**
 * Pure: the snapshot's vehicles as the route answers them, in snapshot order, with the current vehicle fields.
 * A vehicle archived or deleted since the snapshot drops out at once.
 */
export function trendingFromSnapshot(snapshot: Pick<TrendingSnapshot, 'vehicles'>, deals: Deal[]): TrendingVehicle[] {
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  return leadingVehicles(snapshot.vehicles, byId, TRENDING_LIMIT).map(({ vehicleId, views }) =>
    toTrendingVehicle(byId.get(vehicleId)!, views),
  );
}

/** Candidates are read in small batches so that a few archived leaders do not cost a read of every viewed vehicle. */
const CANDIDATE_BATCH = TRENDING_LIMIT * 2;

/**
 * The rank-trending job's work: one paged Query per day of the window, ranked in memory, the leading vehicles
 * checked against the marketplace, and the snapshot written whole. Returns what it wrote.
 */
export async function rankTrending(data: RankTrendingData, now: Date): Promise<TrendingSnapshot> {
  const days = lastDays(now, TRENDING_WINDOW_DAYS);
  const ranked = rankByViews(await Promise.all(days.map((day) => data.views.countsOn(day))));
  const vehicles: VehicleViews[] = [];
  for (let start = 0; start < ranked.length && vehicles.length < TRENDING_LIMIT; start += CANDIDATE_BATCH) {
    const batch = ranked.slice(start, start + CANDIDATE_BATCH);
    const deals = new Map((await data.deals.getMany(batch.map((entry) => entry.vehicleId))).map((deal) => [deal.id, deal]));
    vehicles.push(...leadingVehicles(batch, deals, TRENDING_LIMIT - vehicles.length));
  }
  const snapshot: TrendingSnapshot = { vehicles, computedAt: now.toISOString(), fromDay: days[days.length - 1], toDay: days[0] };
  await data.trending.put(snapshot);
  return snapshot;
}

/** GET /marketplace/trending: the last snapshot (one GetItem) and its vehicles (one BatchGet of at most 5). */
export async function getTrendingVehicles(data: MarketplaceData): Promise<TrendingResponse> {
  const snapshot = await data.trending.get();
  if (!snapshot || snapshot.vehicles.length === 0) return { vehicles: [] };
  const deals = await data.deals.getMany(snapshot.vehicles.map((entry) => entry.vehicleId));
  return { vehicles: trendingFromSnapshot(snapshot, deals) };
}
