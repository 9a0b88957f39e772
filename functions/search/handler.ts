/** The search feature's Lambda: the global search box (GET /search), read-only. */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'search'> = {
  'GET /search': () => import('./routes/search'),
};

export const handler = featureHandler('search', routes, { brokerStanding: tableBrokerStanding });
