/**
 * The marketplace feature's Lambda: trending (public, also used by the embed) and the marketplace vehicles. Each route
 * is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'marketplace'> = {
  'GET /marketplace/trending': () => import('./routes/trending-vehicles'),
  'GET /dashboard/trending': () => import('./routes/dashboard-trending'),
  'GET /marketplace/vehicles': () => import('./routes/list-vehicles'),
  'GET /marketplace/vehicles/{id}': () => import('./routes/get-vehicle'),
  'POST /marketplace/vehicles': () => import('./routes/create-vehicle'),
  'PATCH /marketplace/vehicles/{id}': () => import('./routes/update-vehicle'),
  'GET /marketplace/stock-numbers/{stockNumber}': () => import('./routes/stock-number-availability'),
  'POST /marketplace/vehicles/{id}/views': () => import('./routes/record-view'),
  'POST /marketplace/images': () => import('./routes/presign-image'),
};

export const handler = featureHandler('marketplace', routes, { brokerStanding: tableBrokerStanding });
