/** GET /dashboard: every overview count the caller may see, in one call. */
import { dashboardQuerySchema, dashboardResponseSchema } from '@shared/dashboard/api';
import { route } from '@functions/lib/http/route';
import { loadDashboard } from '../dashboard';
import { dashboardData } from '../data';

export default route({
  query: dashboardQuerySchema,
  response: dashboardResponseSchema,
  handler: ({ query }, { identity, now }) => loadDashboard(identity, dashboardData(), { now, timeZone: query.timeZone }),
});
