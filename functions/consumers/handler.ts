/** The consumers feature's Lambda: the consumer portal in one call. Its route is its own module in ./routes, loaded on its first call. */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'consumers'> = {
  'GET /consumer/portal': () => import('./routes/get-portal'),
};

export const handler = featureHandler('consumers', routes);
