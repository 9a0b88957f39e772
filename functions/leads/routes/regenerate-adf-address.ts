/** POST /adf-inbound/{owner}/regenerate: a new inbound ADF lead address; the old one answers 404 at once (admins). */
import { adfAddressResponseSchema, adfOwnerParamsSchema } from '@shared/leads/adf-api';
import { route } from '@functions/lib/http/route';
import { regenerateAdfAddress } from '../adf-addresses';
import { adfData } from '../data/adf-data';

export default route({
  params: adfOwnerParamsSchema,
  response: adfAddressResponseSchema,
  handler: ({ params }, { now }) => regenerateAdfAddress(params.owner, adfData(), now),
});
