/**
 * The deals feature's Lambda: one deal's create, detail (a consumer's own deal in the reduced view), edit and delete,
 * its credit application link, the archive and the broker choice.
 */
import {
  archivedDealsQuerySchema,
  archivedDealsResponseSchema,
  assignableBrokersResponseSchema,
  createDealRequestSchema,
  createDealResponseSchema,
  creditApplicationLinkResponseSchema,
  dealDetailForCallerResponseSchema,
  dealIdParamsSchema,
  deleteDealResponseSchema,
  updateDealRequestSchema,
  updateDealResponseSchema,
} from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { listArchivedDeals } from './archived';
import { getConsumerDealDetail } from './consumer-view';
import { dealsData } from './data';
import { creditApplicationLink } from './credit-application';
import { assignableBrokers, createDeal, deleteDeal, getDealDetail, updateDeal } from './deals';
import { listDealsRoute } from './list';

export const handler = featureHandler('deals', {
  'GET /deals': listDealsRoute,
  'POST /deals': route({
    body: createDealRequestSchema,
    response: createDealResponseSchema,
    status: 201,
    handler: ({ body }, { identity, now }) => createDeal(identity, body, dealsData(), now),
  }),
  'GET /deals/{id}': route({
    params: dealIdParamsSchema,
    response: dealDetailForCallerResponseSchema,
    handler: ({ params }, { identity, now }) =>
      identity.role === 'consumer'
        ? getConsumerDealDetail(identity, params.id, dealsData())
        : getDealDetail(identity, params.id, dealsData(), now, config.appUrl),
  }),
  'PATCH /deals/{id}': route({
    params: dealIdParamsSchema,
    body: updateDealRequestSchema,
    response: updateDealResponseSchema,
    handler: ({ params, body }, { identity, now }) => updateDeal(identity, params.id, body, dealsData(), now),
  }),
  'DELETE /deals/{id}': route({
    params: dealIdParamsSchema,
    response: deleteDealResponseSchema,
    handler: ({ params }) => deleteDeal(params.id, dealsData()),
  }),
  'POST /deals/{id}/credit-application-link': route({
    params: dealIdParamsSchema,
    response: creditApplicationLinkResponseSchema,
    handler: ({ params }, { identity, now }) => creditApplicationLink(identity, params.id, dealsData(), now, config.appUrl),
  }),
  'GET /archived-deals': route({
    query: archivedDealsQuerySchema,
    response: archivedDealsResponseSchema,
    handler: ({ query }) => listArchivedDeals(query, dealsData()),
  }),
  'GET /assignable-brokers': route({
    response: assignableBrokersResponseSchema,
    handler: () => assignableBrokers(dealsData()),
  }),
});
