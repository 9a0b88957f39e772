/** The clients feature's Lambda: the /clients screen, the deal form's client choice and "New Client" dialog, and Past Purchases. */
import {
  clientDealsResponseSchema,
  clientIdParamsSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientResponseSchema,
  createClientRequestSchema,
  deleteClientResponseSchema,
  updateClientRequestSchema,
} from '@shared/clients/api';
import { clientsData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { clientDeals, createClient, deleteClient, getClient, listClients, updateClient } from './clients';

export const handler = featureHandler('clients', {
  'GET /clients': route({
    query: clientListQuerySchema,
    response: clientListResponseSchema,
    handler: ({ query }, { identity }) => listClients(identity, query, clientsData()),
  }),
  'GET /clients/{id}': route({
    params: clientIdParamsSchema,
    response: clientResponseSchema,
    handler: ({ params }) => getClient(params.id, clientsData()),
  }),
  'POST /clients': route({
    body: createClientRequestSchema,
    response: clientResponseSchema,
    status: 201,
    handler: ({ body }, { identity, now }) => createClient(identity, body, clientsData(), now),
  }),
  'PATCH /clients/{id}': route({
    params: clientIdParamsSchema,
    body: updateClientRequestSchema,
    response: clientResponseSchema,
    handler: ({ params, body }) => updateClient(params.id, body, clientsData()),
  }),
  'DELETE /clients/{id}': route({
    params: clientIdParamsSchema,
    response: deleteClientResponseSchema,
    handler: ({ params }) => deleteClient(params.id, clientsData()),
  }),
  'GET /clients/{id}/deals': route({
    params: clientIdParamsSchema,
    response: clientDealsResponseSchema,
    handler: ({ params }) => clientDeals(params.id, clientsData()),
  }),
});
