/**
 * The invitations feature's Lambda: the invite dialog on /clients and the /consumer-signup page's two calls. Each
 * route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'invitations'> = {
  'POST /clients/{id}/invitations': () => import('./routes/send-invitation'),
  'GET /invitations/{token}': () => import('./routes/validate-invitation'),
  'POST /invitations/{token}/accept': () => import('./routes/accept-invitation'),
  'POST /invitations/{token}/email-code': () => import('./routes/send-email-code'),
};

export const handler = featureHandler('invitations', routes, { brokerStanding: tableBrokerStanding });
