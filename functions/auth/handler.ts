/**
 * The auth feature's Lambda: GET /me and POST /auth/signup-licence. Each route is its own module in ./routes, loaded
 * on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'auth'> = {
  'GET /me': () => import('./routes/get-me'),
  'POST /auth/signup-licence': () => import('./routes/signup-licence'),
};

export const handler = featureHandler('auth', routes);
