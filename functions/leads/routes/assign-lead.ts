/** POST /leads/{id}/assign: to an approved, licensed broker, or back to the pool (admins). */
import { assignLeadRequestSchema, leadDetailSchema, leadIdParamsSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { assignLead } from '../leads';

export default route({
  params: leadIdParamsSchema,
  body: assignLeadRequestSchema,
  response: leadDetailSchema,
  handler: ({ params, body }, { identity, now }) => assignLead(identity, params.id, body, leadsData(), now),
});
