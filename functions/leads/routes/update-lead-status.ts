/** PATCH /leads/{id}/status: changes a lead's status, recorded with who and when (admins and the assigned broker). */
import { leadDetailSchema, leadIdParamsSchema, updateLeadStatusRequestSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { updateLeadStatus } from '../leads';

export default route({
  params: leadIdParamsSchema,
  body: updateLeadStatusRequestSchema,
  response: leadDetailSchema,
  handler: ({ params, body }, { identity, now }) => updateLeadStatus(identity, params.id, body, leadsData(), now),
});
