/**
 * The clients feature's Lambda: the /clients screen, the deal form's client choice and "New Client" dialog, and Past
 * Purchases. Each route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'clients'> = {
  'GET /clients': () => import('./routes/list-clients'),
  'GET /clients/{id}': () => import('./routes/get-client'),
  'POST /clients': () => import('./routes/create-client'),
  'PATCH /clients/{id}': () => import('./routes/update-client'),
  'DELETE /clients/{id}': () => import('./routes/delete-client'),
  'GET /clients/{id}/deals': () => import('./routes/client-deals'),
  'GET /clients/{id}/activity': () => import('./routes/client-activity'),
};

export const handler = featureHandler('clients', routes, { brokerStanding: tableBrokerStanding });
