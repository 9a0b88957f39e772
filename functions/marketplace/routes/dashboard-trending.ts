/** GET /dashboard/trending: the dashboard's Trending Vehicles, only those the caller may open. */
import { trendingResponseSchema } from '@shared/marketplace/trending';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { getTrendingVehiclesFor } from '../dashboard-trending';

export default route({
  response: trendingResponseSchema,
  handler: (_request, { identity }) => getTrendingVehiclesFor(identity, marketplaceData()),
});
