/** GET /marketplace/trending: the most viewed vehicles of the last 5 days (public, also used by the embed). */
import { trendingResponseSchema } from '@shared/marketplace/trending';
import { publicRoute } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { getTrendingVehicles } from '../trending';

export default publicRoute({
  response: trendingResponseSchema,
  // Browsers keep it a minute and CloudFront (the embed's /public-api/ path) five: the ranking behind it changes
  // every five minutes, and the embed on every dealer site is public.
  cacheSeconds: 60,
  edgeCacheSeconds: 300,
  handler: () => getTrendingVehicles(marketplaceData()),
});
