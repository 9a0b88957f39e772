/**
 * The deals feature's Lambda: one deal's create, detail (a consumer's own deal in the reduced view), edit and delete,
 * its credit application link, the archive and the broker choice. Each route is its own module in ./routes, loaded
 * on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'deals'> = {
  'GET /deals': () => import('./routes/list-deals'),
  'POST /deals': () => import('./routes/create-deal'),
  'GET /deals/{id}': () => import('./routes/get-deal'),
  'PATCH /deals/{id}': () => import('./routes/update-deal'),
  'DELETE /deals/{id}': () => import('./routes/delete-deal'),
  'POST /deals/{id}/credit-application-link': () => import('./routes/credit-application-link'),
  'GET /archived-deals': () => import('./routes/archived-deals'),
  'GET /maturing-deals': () => import('./routes/maturing-deals'),
  'GET /assignable-brokers': () => import('./routes/assignable-brokers'),
};

export const handler = featureHandler('deals', routes, { brokerStanding: tableBrokerStanding });
