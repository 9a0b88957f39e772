/** POST /leads/{id}/claim: a broker takes an unassigned lead; the loser of a race gets 409. */
import { leadDetailSchema, leadIdParamsSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { claimLead } from '../leads';

export default route({
  params: leadIdParamsSchema,
  response: leadDetailSchema,
  handler: ({ params }, { identity, now }) => claimLead(identity, params.id, leadsData(), now),
});
