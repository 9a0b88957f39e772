/** PATCH /dealerships/{id}: changes the given fields of a dealership; a blank optional field is cleared (admins). */
import { dealershipIdParamsSchema, dealershipResponseSchema, updateDealershipRequestSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { updateDealership } from '../dealerships';

export default route({
  params: dealershipIdParamsSchema,
  body: updateDealershipRequestSchema,
  response: dealershipResponseSchema,
  handler: ({ params, body }, { now }) => updateDealership(params.id, body, dealershipsData(), now),
});
