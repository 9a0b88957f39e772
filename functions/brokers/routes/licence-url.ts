/** GET /brokers/{id}/licence-url: a signed URL of a broker's licence document, for the broker themself or an admin. */
import { brokerIdParamsSchema, licenceUrlResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { licenceUrl } from '../profile';

export default route({
  params: brokerIdParamsSchema,
  response: licenceUrlResponseSchema,
  handler: async ({ params }, { identity }) => licenceUrl(identity, params.id, await brokerServices()),
});
