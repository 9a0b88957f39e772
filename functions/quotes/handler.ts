/**
 * The quotes feature's Lambda: the public quote wizard's submit and agent list, and the public API's document. Each
 * route is its own module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'quotes'> = {
  'POST /quote-requests': () => import('./routes/submit-quote-request'),
  'GET /quote-agents': () => import('./routes/list-quote-agents'),
  'GET /quote-vehicles/{id}': () => import('./routes/get-quote-vehicle'),
  'GET /openapi.json': () => import('./routes/openapi-document'),
};

export const handler = featureHandler('quotes', routes);
