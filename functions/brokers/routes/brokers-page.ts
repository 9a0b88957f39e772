/** GET /admin/brokers: the broker performance screen in one call, both lists and the month's figures (admins). */
import { brokersPageQuerySchema, brokersPageResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokersPage } from '../brokers';
import { brokerServices } from '../deps';

export default route({
  query: brokersPageQuerySchema,
  response: brokersPageResponseSchema,
  handler: async ({ query }, { now }) => brokersPage(query.month, await brokerServices(), now),
});
