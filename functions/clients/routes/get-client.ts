/** GET /clients/{id}: one client (the deal form opened with a client preselected). */
import { clientIdParamsSchema, clientResponseSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { getClient } from '../clients';
import { clientsData } from '../data';

export default route({
  params: clientIdParamsSchema,
  response: clientResponseSchema,
  handler: ({ params }, { identity }) => getClient(identity, params.id, clientsData()),
});
