/** PATCH /admin/brokers/{id}: the approve/edit dialog, saved with its history entry (admins; 409 if stale). */
import { brokerDetailResponseSchema, brokerIdParamsSchema, updateBrokerRequestSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { updateBroker } from '../brokers';
import { brokerServices } from '../deps';

export default route({
  params: brokerIdParamsSchema,
  body: updateBrokerRequestSchema,
  response: brokerDetailResponseSchema,
  handler: async ({ params, body }, { identity, now }) => updateBroker(identity, params.id, body, await brokerServices(), now),
});
