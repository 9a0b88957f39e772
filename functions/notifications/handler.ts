/**
 * The notifications feature's Lambda: the notification centre's routes (the bell and the profile's e-mail
 * preferences). The feature's jobs (retry-notifications, notify-waiting-leads) are functions of their own. Each route
 * is its own module in ./routes, loaded on its first call.
 */
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'notifications'> = {
  'GET /notifications': () => import('./routes/list-notifications'),
  'POST /notifications/{id}/read': () => import('./routes/mark-read'),
  'POST /notifications/read-all': () => import('./routes/mark-all-read'),
  'GET /notifications/preferences': () => import('./routes/get-preferences'),
  'PUT /notifications/preferences': () => import('./routes/update-preferences'),
};

export const handler = featureHandler('notifications', routes);
