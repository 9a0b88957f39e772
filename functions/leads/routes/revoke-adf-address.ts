/** DELETE /adf-inbound/{owner}: revokes the inbound ADF lead address; its token answers 404 at once (admins). */
import { adfAddressResponseSchema, adfOwnerParamsSchema } from '@shared/leads/adf-api';
import { route } from '@functions/lib/http/route';
import { revokeAdfAddress } from '../adf-addresses';
import { adfData } from '../data/adf-data';

export default route({
  params: adfOwnerParamsSchema,
  response: adfAddressResponseSchema,
  handler: ({ params }) => revokeAdfAddress(params.owner, adfData()),
});
