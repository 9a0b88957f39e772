/** GET /clients/{id}/deals: a client's Past Purchases, active and archived deals. */
import { clientDealsResponseSchema, clientIdParamsSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { clientDeals } from '../clients';
import { clientsData } from '../data';

export default route({
  params: clientIdParamsSchema,
  response: clientDealsResponseSchema,
  handler: ({ params }, { identity }) => clientDeals(identity, params.id, clientsData()),
});
