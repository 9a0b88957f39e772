/** The dealerships feature's Lambda: the dealerships page, the quick add of the deal forms, and dealer logins. */
import {
  createDealerUserRequestSchema,
  createDealershipRequestSchema,
  dealerUserListResponseSchema,
  dealerUserParamsSchema,
  dealerUserResponseSchema,
  dealershipIdParamsSchema,
  dealershipListQuerySchema,
  dealershipListResponseSchema,
  dealershipResponseSchema,
  deleteDealerUserResponseSchema,
  deleteDealershipResponseSchema,
  updateDealershipRequestSchema,
} from '@shared/dealerships/api';
import { dealershipsData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { cognitoDealerAccounts } from './dealer-accounts';
import {
  addDealerUser,
  createDealership,
  deleteDealership,
  getDealership,
  listDealerships,
  listDealerUsers,
  removeDealerUser,
  updateDealership,
} from './dealerships';

const accounts = lazy(async () => cognitoDealerAccounts());

export const handler = featureHandler('dealerships', {
  'GET /dealerships': route({
    query: dealershipListQuerySchema,
    response: dealershipListResponseSchema,
    handler: ({ query }, { now }) => listDealerships(query, dealershipsData(), now),
  }),
  'GET /dealerships/{id}': route({
    params: dealershipIdParamsSchema,
    response: dealershipResponseSchema,
    handler: ({ params }, { identity, now }) => getDealership(params.id, identity, dealershipsData(), now),
  }),
  'POST /dealerships': route({
    body: createDealershipRequestSchema,
    response: dealershipResponseSchema,
    status: 201,
    handler: ({ body }, { identity, now }) => createDealership(body, identity, dealershipsData(), now),
  }),
  'PATCH /dealerships/{id}': route({
    params: dealershipIdParamsSchema,
    body: updateDealershipRequestSchema,
    response: dealershipResponseSchema,
    handler: ({ params, body }, { now }) => updateDealership(params.id, body, dealershipsData(), now),
  }),
  'DELETE /dealerships/{id}': route({
    params: dealershipIdParamsSchema,
    response: deleteDealershipResponseSchema,
    handler: ({ params }) => deleteDealership(params.id, dealershipsData()),
  }),
  'GET /dealerships/{id}/dealers': route({
    params: dealershipIdParamsSchema,
    response: dealerUserListResponseSchema,
    handler: ({ params }) => listDealerUsers(params.id, dealershipsData()),
  }),
  'POST /dealerships/{id}/dealers': route({
    params: dealershipIdParamsSchema,
    body: createDealerUserRequestSchema,
    response: dealerUserResponseSchema,
    status: 201,
    handler: async ({ params, body }, { now }) =>
      addDealerUser(params.id, body, { data: dealershipsData(), accounts: await accounts() }, now),
  }),
  'DELETE /dealerships/{id}/dealers/{userId}': route({
    params: dealerUserParamsSchema,
    response: deleteDealerUserResponseSchema,
    handler: async ({ params }) =>
      removeDealerUser(params.id, params.userId, { data: dealershipsData(), accounts: await accounts() }),
  }),
});
