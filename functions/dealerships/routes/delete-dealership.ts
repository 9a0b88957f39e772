/** DELETE /dealerships/{id}: deletes a dealership that has no deals and no dealer users (409 otherwise; admins). */
import { dealershipIdParamsSchema, deleteDealershipResponseSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { deleteDealership } from '../dealerships';

export default route({
  params: dealershipIdParamsSchema,
  response: deleteDealershipResponseSchema,
  handler: ({ params }) => deleteDealership(params.id, dealershipsData()),
});
