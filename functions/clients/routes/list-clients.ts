/** GET /clients: one page of clients ordered by name (search by name, e-mail or phone) and the total. */
import { clientListQuerySchema, clientListResponseSchema } from '@shared/clients/api';
import { route } from '@functions/lib/http/route';
import { listClients } from '../clients';
import { clientsData } from '../data';

export default route({
  query: clientListQuerySchema,
  response: clientListResponseSchema,
  handler: ({ query }, { identity }) => listClients(identity, query, clientsData()),
});
