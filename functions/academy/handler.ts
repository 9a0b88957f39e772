/**
 * The academy feature's Lambda: the learners' screen and Mark as Complete, and the admins' content management. Each
 * route is its own module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'academy'> = {
  'GET /academy': () => import('./routes/get-academy'),
  'POST /academy/{id}/complete': () => import('./routes/complete-academy-item'),
  'GET /admin/academy': () => import('./routes/list-academy-content'),
  'POST /admin/academy': () => import('./routes/create-academy-content'),
  'PATCH /admin/academy/{id}': () => import('./routes/update-academy-content'),
  'DELETE /admin/academy/{id}': () => import('./routes/delete-academy-content'),
  'POST /admin/academy-order': () => import('./routes/reorder-academy-content'),
};

export const handler = featureHandler('academy', routes);
