/** DELETE /dealerships/{id}/dealers/{userId}: disables and deletes a dealer login; access ends at the next request (admins). */
import { dealerUserParamsSchema, deleteDealerUserResponseSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { accounts } from '../accounts';
import { dealershipsData } from '../data';
import { removeDealerUser } from '../dealerships';

export default route({
  params: dealerUserParamsSchema,
  response: deleteDealerUserResponseSchema,
  handler: async ({ params }) =>
    removeDealerUser(params.id, params.userId, { data: dealershipsData(), accounts: await accounts() }),
});
