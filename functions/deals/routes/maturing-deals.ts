/** GET /maturing-deals: leases maturing in the next 6 months, earliest first, paged (admins and brokers). */
import { maturingDealsQuerySchema, maturingDealsResponseSchema } from '@shared/deals/maturing-api';
import { route } from '@functions/lib/http/route';
import { dealsData } from '../data';
import { listMaturingDeals } from '../maturing';

export default route({
  query: maturingDealsQuerySchema,
  response: maturingDealsResponseSchema,
  handler: ({ query }, { identity, now }) => listMaturingDeals(identity, query, dealsData(), now),
});
