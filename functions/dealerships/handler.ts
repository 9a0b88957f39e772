/**
 * The dealerships feature's Lambda: the dealerships page, the quick add of the deal forms, and dealer logins. Each
 * route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'dealerships'> = {
  'GET /dealerships': () => import('./routes/list-dealerships'),
  'GET /dealerships/{id}': () => import('./routes/get-dealership'),
  'POST /dealerships': () => import('./routes/create-dealership'),
  'PATCH /dealerships/{id}': () => import('./routes/update-dealership'),
  'DELETE /dealerships/{id}': () => import('./routes/delete-dealership'),
  'GET /dealerships/{id}/dealers': () => import('./routes/list-dealer-users'),
  'POST /dealerships/{id}/dealers': () => import('./routes/add-dealer-user'),
  'DELETE /dealerships/{id}/dealers/{userId}': () => import('./routes/remove-dealer-user'),
};

export const handler = featureHandler('dealerships', routes, { brokerStanding: tableBrokerStanding });
