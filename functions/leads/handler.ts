/** The leads feature's Lambda: the lead inbox (/leads), its detail, assignment, claim, status and convert. */
import {
  assignLeadRequestSchema,
  convertLeadResponseSchema,
  leadDetailSchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  updateLeadStatusRequestSchema,
} from '@shared/leads/api';
import { leadsData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { assignLead, claimLead, convertLead, getLead, listLeads, updateLeadStatus } from './leads';

export const handler = featureHandler('leads', {
  'GET /leads': route({
    query: leadListQuerySchema,
    response: leadListResponseSchema,
    handler: ({ query }, { identity }) => listLeads(identity, query, leadsData()),
  }),
  'GET /leads/{id}': route({
    params: leadIdParamsSchema,
    response: leadDetailSchema,
    handler: ({ params }, { identity }) => getLead(identity, params.id, leadsData()),
  }),
  'POST /leads/{id}/assign': route({
    params: leadIdParamsSchema,
    body: assignLeadRequestSchema,
    response: leadDetailSchema,
    handler: ({ params, body }, { identity, now }) => assignLead(identity, params.id, body, leadsData(), now),
  }),
  'POST /leads/{id}/claim': route({
    params: leadIdParamsSchema,
    response: leadDetailSchema,
    handler: ({ params }, { identity, now }) => claimLead(identity, params.id, leadsData(), now),
  }),
  'PATCH /leads/{id}/status': route({
    params: leadIdParamsSchema,
    body: updateLeadStatusRequestSchema,
    response: leadDetailSchema,
    handler: ({ params, body }, { identity, now }) => updateLeadStatus(identity, params.id, body, leadsData(), now),
  }),
  'POST /leads/{id}/convert': route({
    params: leadIdParamsSchema,
    response: convertLeadResponseSchema,
    handler: ({ params }, { identity, now }) => convertLead(identity, params.id, leadsData(), now),
  }),
});
