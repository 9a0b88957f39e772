/** PATCH /clients/{id}: changes the given fields of a client; a rename follows onto the client's deals. */
import { clientIdParamsSchema, clientResponseSchema, updateClientRequestSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { updateClient } from '../clients';
import { clientsData } from '../data';

export default route({
  params: clientIdParamsSchema,
  body: updateClientRequestSchema,
  response: clientResponseSchema,
  handler: ({ params, body }, { identity, now }) => updateClient(identity, params.id, body, clientsData(), now),
});
