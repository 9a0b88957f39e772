/**
 * The transfers feature's Lambda: CSV exports of clients, deals and leads, and the client import
 * (docs/decisions.md, "CSV import and export"). Each route is its own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'transfers'> = {
  'GET /exports/clients': () => import('./routes/export-clients'),
  'GET /exports/deals': () => import('./routes/export-deals'),
  'GET /exports/leads': () => import('./routes/export-leads'),
  'POST /client-imports/matches': () => import('./routes/client-matches'),
  'POST /client-imports': () => import('./routes/start-import'),
  'POST /client-imports/{id}/rows': () => import('./routes/import-rows'),
};

export const handler = featureHandler('transfers', routes, { brokerStanding: tableBrokerStanding });
