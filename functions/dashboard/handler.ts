/** The dashboard feature's Lambda: GET /dashboard. Its route is its own module in ./routes, loaded on its first call. */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'dashboard'> = {
  'GET /dashboard': () => import('./routes/get-dashboard'),
};

export const handler = featureHandler('dashboard', routes);
