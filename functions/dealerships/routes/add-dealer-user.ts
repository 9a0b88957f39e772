/** POST /dealerships/{id}/dealers: creates a dealer login in the user pool; Cognito e-mails the temporary password (admins). */
import { createDealerUserRequestSchema, dealerUserResponseSchema, dealershipIdParamsSchema } from '@shared/dealerships/api';
import { route } from '@functions/lib/http/route';
import { accounts } from '../accounts';
import { dealershipsData } from '../data';
import { addDealerUser } from '../dealerships';

export default route({
  params: dealershipIdParamsSchema,
  body: createDealerUserRequestSchema,
  response: dealerUserResponseSchema,
  status: 201,
  handler: async ({ params, body }, { now }) =>
    addDealerUser(params.id, body, { data: dealershipsData(), accounts: await accounts() }, now),
});
