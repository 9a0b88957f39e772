/** GET /dealerships/{id}: one dealership with its figures; a dealer only their own (any other id is a 404). */
import { dealershipIdParamsSchema, dealershipResponseSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { getDealership } from '../dealerships';

export default route({
  params: dealershipIdParamsSchema,
  response: dealershipResponseSchema,
  handler: ({ params }, { identity, now }) => getDealership(params.id, identity, dealershipsData(), now),
});
