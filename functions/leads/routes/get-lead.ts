/** GET /leads/{id}: one lead with its quote request, status and assignment history and its e-mail notice. */
import { leadDetailSchema, leadIdParamsSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { getLead } from '../leads';

export default route({
  params: leadIdParamsSchema,
  response: leadDetailSchema,
  handler: ({ params }, { identity }) => getLead(identity, params.id, leadsData()),
});
