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
import type { Deal } from '@functions/domain/deals/deals';
import { paymentFields, vehicleFields } from '@functions/domain/deals/deal-views';
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

/** Pure: each dealership's first `limit` ranked vehicles in the marketplace, in rank order. */
export function leadingByDealership<T extends VehicleViews>(
  ranked: T[],
  deals: ReadonlyMap<string, Parameters<typeof isInMarketplace>[0] & Partial<Pick<Deal, 'dealershipId'>>>,
  limit: number,
): Map<string, T[]> {
  const lists = new Map<string, T[]>();
  for (const entry of ranked) {
    const deal = deals.get(entry.vehicleId);
    if (!deal?.dealershipId || !isInMarketplace(deal)) continue;
    const list = lists.get(deal.dealershipId) ?? [];
    if (list.length < limit) lists.set(deal.dealershipId, [...list, entry]);
  }
  return lists;
}

/** Parallel writes of the dealerships' lists at a time. */
const WRITE_BATCH = 10;

/**
 * The rank-trending job's work: one paged Query per day of the window, ranked in memory, every viewed vehicle read
 * (BatchGets; off the request path) to know its dealership and whether it is in the marketplace, then the global
 * snapshot written whole and, after it, each dealership's own top list with the same `computedAt`. Returns the
 * global snapshot.
 */
export async function rankTrending(data: RankTrendingData, now: Date): Promise<TrendingSnapshot> {
  const days = lastDays(now, TRENDING_WINDOW_DAYS);
  const ranked = rankByViews(await Promise.all(days.map((day) => data.views.countsOn(day))));
  const deals = new Map(
    ranked.length > 0 ? (await data.deals.getMany(ranked.map((entry) => entry.vehicleId))).map((deal) => [deal.id, deal]) : [],
  );
  const computedAt = now.toISOString();
  const vehicles = leadingVehicles(ranked, deals, TRENDING_LIMIT);
  const snapshot: TrendingSnapshot = { vehicles, computedAt, fromDay: days[days.length - 1], toDay: days[0] };
  await data.trending.put(snapshot);
  const perDealership = [...leadingByDealership(ranked, deals, TRENDING_LIMIT)];
  for (let start = 0; start < perDealership.length; start += WRITE_BATCH) {
    await Promise.all(
      perDealership
        .slice(start, start + WRITE_BATCH)
        .map(([dealershipId, list]) => data.trending.putForDealership({ dealershipId, vehicles: list, computedAt })),
    );
  }
  return snapshot;
}

/** GET /marketplace/trending: the last snapshot (one GetItem) and its vehicles (one BatchGet of at most 5). */
export async function getTrendingVehicles(data: MarketplaceData): Promise<TrendingResponse> {
  const snapshot = await data.trending.get();
  if (!snapshot || snapshot.vehicles.length === 0) return { vehicles: [] };
  const deals = await data.deals.getMany(snapshot.vehicles.map((entry) => entry.vehicleId));
  return { vehicles: trendingFromSnapshot(snapshot, deals) };
}
