/**
 * The proposals feature's Lambda (docs/decisions.md, "Proposals"): sharing a deal's offer as a proposal, listing and
 * revoking a deal's proposals, the consumer's read, and the public link's page, accept and question. Each route is its
 * own module in ./routes, loaded on its first call.
 */
import { tableBrokerStanding } from '@functions/domain/users/broker-standing';
import { featureHandler, type FeatureRoutes } from '@functions/lib/http/feature-handler';

export const routes: FeatureRoutes<'proposals'> = {
  'POST /deals/{id}/proposals': () => import('./routes/create-proposal'),
  'GET /deals/{id}/proposals': () => import('./routes/list-deal-proposals'),
  'POST /deals/{id}/proposals/{proposalId}/revoke': () => import('./routes/revoke-proposal'),
  'GET /consumer/deals/{id}/proposals': () => import('./routes/consumer-proposals'),
  'POST /consumer/deals/{id}/proposals/{proposalId}/accept': () => import('./routes/consumer-accept-proposal'),
  'POST /consumer/deals/{id}/proposals/{proposalId}/questions': () => import('./routes/consumer-ask-question'),
  'GET /proposals/{token}': () => import('./routes/public-proposal'),
  'POST /proposals/{token}/accept': () => import('./routes/accept-proposal'),
  'POST /proposals/{token}/questions': () => import('./routes/ask-question'),
};

export const handler = featureHandler('proposals', routes, { brokerStanding: tableBrokerStanding });
