/**
 * The programs feature's Lambda: lenders, their monthly programs imported from CSV, and the match of a vehicle to
 * its program rows (docs/decisions.md, "Programs"). Each route is its own module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';

export const routes: FeatureRoutes<'programs'> = {
  'GET /programs/lenders': () => import('./routes/list-lenders'),
  'POST /programs/lenders': () => import('./routes/create-lender'),
  'GET /programs/lenders/{lenderId}/versions': () => import('./routes/list-versions'),
  'POST /programs/lenders/{lenderId}/versions': () => import('./routes/start-import'),
  'GET /programs/lenders/{lenderId}/versions/{month}/rows': () => import('./routes/version-rows'),
  'POST /programs/lenders/{lenderId}/versions/{month}/rows': () => import('./routes/import-rows'),
  'GET /programs/match': () => import('./routes/match'),
};

export const handler = featureHandler('programs', routes, { brokerStanding: tableBrokerStanding });
