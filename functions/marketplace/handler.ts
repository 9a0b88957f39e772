/** The marketplace feature's Lambda: GET /marketplace/trending (public, also used by the embed). */
import { trendingResponseSchema } from '@shared/marketplace/trending';
import { defaultData } from '../lib/data';
import { featureHandler } from '../lib/http/feature-handler';
import { publicRoute } from '../lib/http/route';
import { getTrendingVehicles } from './trending';

export { recordVehicleView } from './views';

export const handler = featureHandler('marketplace', {
  'GET /marketplace/trending': publicRoute({
    response: trendingResponseSchema,
    // Shared caches may serve it for a minute: the ranking behind it changes every few minutes, and the embed is public.
    cacheSeconds: 60,
    handler: () => getTrendingVehicles(defaultData()),
  }),
});
