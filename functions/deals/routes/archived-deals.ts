/** GET /archived-deals: expired deals, latest expiration first, paged (admins). */
import { archivedDealsQuerySchema, archivedDealsResponseSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { listArchivedDeals } from '../archived';
import { dealsData } from '../data';

export default route({
  query: archivedDealsQuerySchema,
  response: archivedDealsResponseSchema,
  handler: ({ query }) => listArchivedDeals(query, dealsData()),
});
