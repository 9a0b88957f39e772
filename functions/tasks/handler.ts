/**
 * The tasks feature's Lambda (docs/decisions.md, "Tasks"): people's tasks, a record's tasks and the caller's task
 * settings. The morning e-mail is a job of its own (remind-tasks). Each route is its own module in ./routes, loaded on
 * its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'tasks'> = {
  'GET /tasks': () => import('./routes/list-tasks'),
  'POST /tasks': () => import('./routes/create-task'),
  'GET /task-settings': () => import('./routes/get-settings'),
  'PUT /task-settings': () => import('./routes/update-settings'),
  'GET /tasks/of/{kind}/{id}': () => import('./routes/record-tasks'),
  'GET /tasks/{id}': () => import('./routes/get-task'),
  'PATCH /tasks/{id}': () => import('./routes/update-task'),
  'POST /tasks/{id}/status': () => import('./routes/change-status'),
};

export const handler = featureHandler('tasks', routes, { brokerStanding: tableBrokerStanding });
