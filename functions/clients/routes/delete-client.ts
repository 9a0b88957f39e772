/** DELETE /clients/{id}: deletes a client who has no deals (409 otherwise; admins). */
import { clientIdParamsSchema, deleteClientResponseSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { deleteClient } from '../clients';
import { clientsData } from '../data';

export default route({
  params: clientIdParamsSchema,
  response: deleteClientResponseSchema,
  handler: ({ params }) => deleteClient(params.id, clientsData()),
});
