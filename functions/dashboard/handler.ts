/** The dashboard feature's Lambda: GET /dashboard. */
import { dashboardResponseSchema } from '@shared/dashboard/api';
import { dashboardData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { loadDashboard } from './dashboard';

export const handler = featureHandler('dashboard', {
  'GET /dashboard': route({
    response: dashboardResponseSchema,
    handler: (_input, { identity }) => loadDashboard(identity, dashboardData()),
  }),
});
