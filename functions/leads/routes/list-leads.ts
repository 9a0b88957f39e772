/** GET /leads: the lead inbox, a page newest first; brokers see their leads and the open pool they may claim. */
import { leadListQuerySchema, leadListResponseSchema } from '@shared/leads/api';
import { route } from '@functions/lib/http/route';
import { leadsData } from '../data';
import { listLeads } from '../leads';

export default route({
  query: leadListQuerySchema,
  response: leadListResponseSchema,
  handler: ({ query }, { identity }) => listLeads(identity, query, leadsData()),
});
