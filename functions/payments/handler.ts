/**
 * The payments feature's Lambda: the concierge fee checkout, the payment provider's webhook and the admins'
 * resolution of payments that did not pay the fee. Each route is its own
 * module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'payments'> = {
  'POST /deals/{id}/concierge-payment': () => import('./routes/concierge-payment'),
  'POST /webhooks/payments': () => import('./routes/payment-webhook'),
  'POST /deals/{id}/payments-to-review/resolve': () => import('./routes/resolve-payment'),
};

export const handler = featureHandler('payments', routes);
