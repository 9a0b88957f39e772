/** GET /dealerships/{id}/dealers: the dealer logins of a dealership (admins). */
import { dealerUserListResponseSchema, dealershipIdParamsSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { dealershipsData } from '../data';
import { listDealerUsers } from '../dealerships';

export default route({
  params: dealershipIdParamsSchema,
  response: dealerUserListResponseSchema,
  handler: ({ params }) => listDealerUsers(params.id, dealershipsData()),
});
