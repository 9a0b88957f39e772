/** POST /dealerships: an admin's "Add Dealership" dialog, or a broker's quick add from the deal and marketplace forms. */
import { createDealershipRequestSchema, dealershipResponseSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { createDealership } from '../dealerships';

export default route({
  body: createDealershipRequestSchema,
  response: dealershipResponseSchema,
  status: 201,
  handler: ({ body }, { identity, now }) => createDealership(body, identity, dealershipsData(), now),
});
