/**
 * Recording a vehicle view (a `deal_views` record, inserted when a deal page opens and again after 2 s). A view
 * counts once per vehicle, browser session and UTC day, which also absorbs that second insert and reloads.
 * Used by the view-tracking route and by the seed.
 */
import { TRENDING_WINDOW_DAYS } from '@shared/constants';
import { startOfUtcDaySeconds, utcDay } from '@functions/lib/dates';
import { NotFoundError } from '@functions/lib/errors';
import type { MarketplaceData } from './data';

const DAY_SECONDS = 24 * 60 * 60;

/** Claims and day counters outlive the trending window by a day, then TTL removes them. */
export function viewExpiresAt(now: Date): number {
  return startOfUtcDaySeconds(now) + (TRENDING_WINDOW_DAYS + 1) * DAY_SECONDS;
}

export async function recordVehicleView(
  vehicleId: string,
  userId: string | null,
  sessionId: string,
  now: Date,
  data: MarketplaceData,
): Promise<{ counted: boolean }> {
  const vehicle = await data.deals.get(vehicleId);
  if (!vehicle) throw new NotFoundError('Vehicle not found');
  return countVehicleView(vehicleId, userId, sessionId, now, data);
}

/** Counts a view of a vehicle the caller has already been shown to exist (and be theirs to see). */
export async function countVehicleView(
  vehicleId: string,
  userId: string | null,
  sessionId: string,
  now: Date,
  data: MarketplaceData,
): Promise<{ counted: boolean }> {
  const counted = await data.views.record({
    vehicleId,
    day: utcDay(now),
    sessionId,
    userId,
    viewedAt: now.toISOString(),
    expiresAt: viewExpiresAt(now),
  });
  return { counted };
}
