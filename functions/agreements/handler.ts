/**
 * The agreements feature's Lambda: the company's brokering agreement and its versions (admins), each deal's
 * agreement state and link (staff), and the consumer's reading and signing in the portal (docs/decisions.md,
 * "Agreements"). Each route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'agreements'> = {
  'GET /admin/agreement': () => import('./routes/list-versions'),
  'POST /admin/agreement/versions': () => import('./routes/create-version'),
  'GET /deals/{id}/agreement': () => import('./routes/deal-agreement'),
  'POST /deals/{id}/agreement/send': () => import('./routes/send-agreement'),
  'GET /consumer/deals/{id}/agreement': () => import('./routes/consumer-agreement'),
  'POST /consumer/deals/{id}/agreement/signature': () => import('./routes/sign-agreement'),
};

export const handler = featureHandler('agreements', routes, { brokerStanding: tableBrokerStanding });
