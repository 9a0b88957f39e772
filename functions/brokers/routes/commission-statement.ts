/** GET /brokers/{id}/commission: one broker's commission statement of a month (the broker themself, or an admin). */
import { brokerIdParamsSchema } from '@shared/brokers/api';
import { statementQuerySchema, statementResponseSchema } from '@shared/brokers/commission-api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { getStatement } from '../commission';

export default route({
  params: brokerIdParamsSchema,
  query: statementQuerySchema,
  response: statementResponseSchema,
  handler: async ({ params, query }, { identity, now }) =>
    getStatement(identity, params.id, query.month, await brokerServices(), now),
});
