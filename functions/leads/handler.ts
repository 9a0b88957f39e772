/**
 * The leads feature's Lambda: the lead inbox (/leads), its detail, assignment, claim, status and convert, and ADF/XML
 * leads in (the lead address webhook and its admin) and out ("Send to dealer"). Each route is its own module in
 * ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'leads'> = {
  'GET /leads': () => import('./routes/list-leads'),
  'GET /leads/{id}': () => import('./routes/get-lead'),
  'POST /leads/{id}/assign': () => import('./routes/assign-lead'),
  'POST /leads/{id}/claim': () => import('./routes/claim-lead'),
  'PATCH /leads/{id}/status': () => import('./routes/update-lead-status'),
  'POST /leads/{id}/convert': () => import('./routes/convert-lead'),
  'POST /leads/adf/{token}': () => import('./routes/receive-adf'),
  'GET /adf-inbound/{owner}': () => import('./routes/get-adf-address'),
  'POST /adf-inbound/{owner}/regenerate': () => import('./routes/regenerate-adf-address'),
  'DELETE /adf-inbound/{owner}': () => import('./routes/revoke-adf-address'),
  'POST /deals/{id}/send-to-dealer': () => import('./routes/send-to-dealer'),
};

export const handler = featureHandler('leads', routes, { brokerStanding: tableBrokerStanding });
