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
import { defaultData } from '../lib/data';
import { featureHandler } from '../lib/http/feature-handler';
import { route } from '../lib/http/route';
import { assignLead, claimLead, convertLead, getLead, listLeads, updateLeadStatus } from './leads';

export const handler = featureHandler('leads', {
  'GET /leads': route({
    query: leadListQuerySchema,
    response: leadListResponseSchema,
    handler: ({ query }, { identity }) => listLeads(identity, query, defaultData()),
  }),
  'GET /leads/{id}': route({
    params: leadIdParamsSchema,
    response: leadDetailSchema,
    handler: ({ params }, { identity }) => getLead(identity, params.id, defaultData()),
  }),
  'POST /leads/{id}/assign': route({
    params: leadIdParamsSchema,
    body: assignLeadRequestSchema,
    response: leadDetailSchema,
    handler: ({ params, body }, { identity, now }) => assignLead(identity, params.id, body, defaultData(), now),
  }),
  'POST /leads/{id}/claim': route({
    params: leadIdParamsSchema,
    response: leadDetailSchema,
    handler: ({ params }, { identity, now }) => claimLead(identity, params.id, defaultData(), now),
  }),
  'PATCH /leads/{id}/status': route({
    params: leadIdParamsSchema,
    body: updateLeadStatusRequestSchema,
    response: leadDetailSchema,
    handler: ({ params, body }, { identity, now }) => updateLeadStatus(identity, params.id, body, defaultData(), now),
  }),
  'POST /leads/{id}/convert': route({
    params: leadIdParamsSchema,
    response: convertLeadResponseSchema,
    handler: ({ params }, { identity, now }) => convertLead(identity, params.id, defaultData(), now),
  }),
});
