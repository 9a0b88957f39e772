/**
 * The credit-applications feature's Lambda: the applicant's link state, the embed page's form, regenerating a deal's
 * link and the e-signature webhook. Each route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'credit-applications'> = {
  'GET /credit-applications/{token}': () => import('./routes/application-state'),
  'GET /credit-applications/forms/{type}': () => import('./routes/application-form'),
  'POST /deals/{id}/credit-application-link/regenerate': () => import('./routes/regenerate-link'),
  'POST /webhooks/e-signature': () => import('./routes/e-signature-webhook'),
};

export const handler = featureHandler('credit-applications', routes, { brokerStanding: tableBrokerStanding });
