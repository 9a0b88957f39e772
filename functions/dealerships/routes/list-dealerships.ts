/** GET /dealerships: one page of dealerships ordered by name (search by name, location or contact name), with the stats. */
import { dealershipListQuerySchema, dealershipListResponseSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { listDealerships } from '../dealerships';

export default route({
  query: dealershipListQuerySchema,
  response: dealershipListResponseSchema,
  handler: ({ query }, { now }) => listDealerships(query, dealershipsData(), now),
});
