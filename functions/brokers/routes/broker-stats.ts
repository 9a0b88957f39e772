/** GET /admin/broker-stats: one month's figures per broker and for the team, with the 6-month series (admins). */
import { brokerStatsQuerySchema, brokerStatsResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { brokerStats } from '../stats';

export default route({
  query: brokerStatsQuerySchema,
  response: brokerStatsResponseSchema,
  handler: async ({ query }, { now }) => brokerStats(query.month, await brokerServices(), now),
});
