/**
 * Trending vehicles: views of the last TRENDING_WINDOW_DAYS UTC days (today included) summed per vehicle from
 * the per-day counters (one Query per day), ranked, and the first TRENDING_LIMIT that are still in the
 * marketplace (not archived, not deleted) returned.
 */
import { TRENDING_LIMIT, TRENDING_WINDOW_DAYS } from '../../shared/constants';
import type { TrendingResponse, TrendingVehicle } from '../../shared/marketplace/trending';
import type { Data } from '../lib/data';
import type { Deal } from '../lib/data/service';
import { lastDays } from '../lib/dates';

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

export function toTrendingVehicle(deal: Deal, views: number): TrendingVehicle {
  return {
    vehicleId: deal.id,
    year: deal.year,
    make: deal.make,
    model: deal.model,
    vehicleTrim: deal.trim ?? null,
    imageUrl: deal.imageUrl ?? null,
    msrp: deal.msrp ?? null,
    monthlyPayment: deal.monthlyPayment,
    termMonths: deal.termMonths,
    downPayment: deal.downPayment,
    expirationDate: deal.expirationDate ?? null,
    views,
  };
}

/** Candidates are fetched in small batches so that a few archived leaders do not cost a read of every viewed vehicle. */
const CANDIDATE_BATCH = TRENDING_LIMIT * 2;

export async function getTrendingVehicles(data: Pick<Data, 'views' | 'deals'>, now: Date): Promise<TrendingResponse> {
  const days = await Promise.all(lastDays(now, TRENDING_WINDOW_DAYS).map((day) => data.views.countsOn(day)));
  const ranked = rankByViews(days);
  const vehicles: TrendingVehicle[] = [];
  for (let start = 0; start < ranked.length && vehicles.length < TRENDING_LIMIT; start += CANDIDATE_BATCH) {
    const batch = ranked.slice(start, start + CANDIDATE_BATCH);
    const deals = new Map((await data.deals.getMany(batch.map((entry) => entry.vehicleId))).map((deal) => [deal.id, deal]));
    for (const { vehicleId, views } of batch) {
      const deal = deals.get(vehicleId);
      if (deal && !deal.isArchived) vehicles.push(toTrendingVehicle(deal, views));
      if (vehicles.length === TRENDING_LIMIT) break;
    }
  }
  return { vehicles };
}
