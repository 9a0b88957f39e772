/** GET /dashboard: every overview count the caller may see, in one call. */
import { dashboardResponseSchema } from '@shared/dashboard/api';
import { route } from '@functions/lib/http/route';
import { loadDashboard } from '../dashboard';
import { dashboardData } from '../data';

export default route({
  response: dashboardResponseSchema,
  handler: (_input, { identity, now }) => loadDashboard(identity, dashboardData(), now),
});
