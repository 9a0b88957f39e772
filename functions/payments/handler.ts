/**
 * The payments feature's Lambda: the concierge fee checkout and the payment provider's webhook. Each route is its own
 * module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'payments'> = {
  'POST /deals/{id}/concierge-payment': () => import('./routes/concierge-payment'),
  'POST /webhooks/payments': () => import('./routes/payment-webhook'),
};

export const handler = featureHandler('payments', routes);
