/** GET /adf-inbound/{owner}: a dealership's (or the company's) inbound ADF lead address, or none (admins). */
import { adfAddressResponseSchema, adfOwnerParamsSchema } from '@shared/leads/adf-api';
import { route } from '@functions/lib/http/route';
import { getAdfAddress } from '../adf-addresses';
import { adfData } from '../data/adf-data';

export default route({
  params: adfOwnerParamsSchema,
  response: adfAddressResponseSchema,
  handler: ({ params }) => getAdfAddress(params.owner, adfData()),
});
