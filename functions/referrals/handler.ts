/**
 * The referrals feature's Lambda: "refer a friend" on the consumer portal's closed deals. Each route is its own module
 * in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'referrals'> = {
  'POST /referrals': () => import('./routes/create-referral'),
};

export const handler = featureHandler('referrals', routes);
