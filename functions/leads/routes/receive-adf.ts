/** POST /leads/adf/{token}: an ADF document from a dealer site or CRM; each prospect becomes a lead (public, secret path). */
import { adfInboundResponseSchema, adfTokenParamsSchema } from '@shared/leads/adf-api';
import { header, rawBody } from '@functions/lib/http/raw-body';
import { publicRoute } from '@functions/lib/http/route';
import { receiveAdf } from '../adf-leads';
import { adfData } from '../data/adf-data';

// No body schema: the body is XML (or an e-mail's text), read from its raw bytes with its size checked first.
export default publicRoute({
  params: adfTokenParamsSchema,
  response: adfInboundResponseSchema,
  handler: ({ params }, { event, now }) =>
    receiveAdf(params.token, rawBody(event), header(event, 'content-type'), adfData(), now),
});
