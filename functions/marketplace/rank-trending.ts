/**
 * The trending job (EventBridge Scheduler every 5 minutes; locally on a timer and `npm run job -- rank-trending`).
 * Ranks the vehicles viewed in the trending window and replaces the snapshot GET /marketplace/trending reads.
 * Off the request path, so it may read every vehicle viewed in the window; running it twice only rewrites the
 * same snapshot.
 */
import { logger } from '@functions/lib/logger';
import { rankTrendingData } from './data/rank-trending';
import type { TrendingSnapshot } from './data/trending';
import { rankTrending } from './trending';

export const handler = async (): Promise<TrendingSnapshot> => {
  const snapshot = await rankTrending(rankTrendingData(), new Date());
  logger.info('rank-trending finished', { vehicles: snapshot.vehicles.length, fromDay: snapshot.fromDay, toDay: snapshot.toDay });
  return snapshot;
};
