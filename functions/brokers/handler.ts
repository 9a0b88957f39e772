/**
 * The brokers feature's Lambda: the admin's performance page and approvals (/admin/brokers), a broker's own
 * /profile, the commission statements, adjustments and payouts (docs/decisions.md, "Commission ledger") and the
 * brokered-vehicle log (docs/decisions.md, "Brokered-vehicle log"). Each route is its own module in ./routes, loaded
 * on its first call; the S3 client (./deps) is created by the first route that touches a file.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'brokers'> = {
  'GET /admin/brokers': () => import('./routes/brokers-page'),
  'GET /admin/broker-stats': () => import('./routes/broker-stats'),
  'GET /admin/brokers/{id}': () => import('./routes/get-broker'),
  'PATCH /admin/brokers/{id}': () => import('./routes/update-broker'),
  'GET /admin/settings': () => import('./routes/get-settings'),
  'PUT /admin/settings': () => import('./routes/update-settings'),
  'GET /profile': () => import('./routes/get-profile'),
  'PATCH /profile': () => import('./routes/update-profile'),
  'POST /profile/photo-upload': () => import('./routes/photo-upload'),
  'POST /profile/photo': () => import('./routes/confirm-photo'),
  'POST /profile/licence-upload': () => import('./routes/licence-upload'),
  'POST /profile/licence': () => import('./routes/confirm-licence'),
  'GET /brokers/{id}/licence-url': () => import('./routes/licence-url'),
  'GET /brokers/{id}/commission': () => import('./routes/commission-statement'),
  'GET /admin/commission': () => import('./routes/commission-month'),
  'POST /admin/commission/adjustments': () => import('./routes/commission-adjustment'),
  'POST /admin/commission/payouts': () => import('./routes/commission-payout'),
  'GET /admin/brokered-vehicles': () => import('./routes/brokered-vehicles'),
  'GET /admin/brokered-vehicles/export': () => import('./routes/brokered-vehicles-export'),
};

export const handler = featureHandler('brokers', routes);
