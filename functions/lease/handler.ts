/**
 * The lease feature's Lambda: the public lease calculator (shared/lease/calculate.ts). Each route is its own module in
 * ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'lease'> = {
  'POST /lease/calculate': () => import('./routes/calculate-lease'),
};

export const handler = featureHandler('lease', routes);
