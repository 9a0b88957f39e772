/**
 * The trending job (EventBridge Scheduler every 5 minutes; locally on a timer and `npm run job -- rank-trending`).
 * Ranks the vehicles viewed in the trending window and replaces the snapshot GET /marketplace/trending reads, then
 * writes the public embed's page with those vehicles (./embed-page.ts; docs/decisions.md, "Public pages"). Off the
 * request path, so it may read every vehicle viewed in the window; running it twice only rewrites the same snapshot
 * and page.
 */
import { logger } from '@functions/lib/logger';
import { rankTrendingData } from './data/rank-trending';
import type { TrendingSnapshot } from './data/trending';
import { publishTrendingEmbed, siteEmbedPageStore } from './embed-page';
import { rankTrending, trendingFromSnapshot } from './trending';

export const handler = async (): Promise<TrendingSnapshot & { embedPage: boolean }> => {
  const data = rankTrendingData();
  const snapshot = await rankTrending(data, new Date());
  // The cards as the route answers them: the snapshot's vehicles with their current fields (one BatchGet of at most 5).
  const ids = snapshot.vehicles.map((entry) => entry.vehicleId);
  const vehicles = trendingFromSnapshot(snapshot, ids.length > 0 ? await data.deals.getMany(ids) : []);
  const embedPage = await publishTrendingEmbed(siteEmbedPageStore(), vehicles);
  logger.info('rank-trending finished', {
    vehicles: snapshot.vehicles.length,
    fromDay: snapshot.fromDay,
    toDay: snapshot.toDay,
    embedPage,
  });
  return { ...snapshot, embedPage };
};
