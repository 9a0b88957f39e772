/** POST /leads/{id}/convert: the lead's client, found by e-mail or created, and the lead marked converted. */
import { convertLeadResponseSchema, leadIdParamsSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { convertLead } from '../leads';

export default route({
  params: leadIdParamsSchema,
  response: convertLeadResponseSchema,
  handler: ({ params }, { identity, now }) => convertLead(identity, params.id, leadsData(), now),
});
