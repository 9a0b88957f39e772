/** GET /clients/{id}/activity: the client's trail, contact changes and moves to another broker, newest first. */
import { clientActivityResponseSchema, clientIdParamsSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { clientActivity } from '../clients';
import { clientsData } from '../data';

export default route({
  params: clientIdParamsSchema,
  response: clientActivityResponseSchema,
  handler: ({ params }, { identity }) => clientActivity(identity, params.id, clientsData()),
});
