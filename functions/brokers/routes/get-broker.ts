/** GET /admin/brokers/{id}: one broker with every approval change, newest first (admins). */
import { brokerDetailResponseSchema, brokerIdParamsSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerDetail } from '../brokers';
import { brokerServices } from '../deps';

export default route({
  params: brokerIdParamsSchema,
  response: brokerDetailResponseSchema,
  handler: async ({ params }) => brokerDetail(params.id, await brokerServices()),
});
