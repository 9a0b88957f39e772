/** GET /deals/{id}: the detail screen in one call; a consumer gets their own deal in the reduced view. */
import { dealDetailForCallerResponseSchema, dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { getConsumerDealDetail } from '../consumer-view';
import { dealsData } from '../data';
import { getDealDetail } from '../deals';

export default route({
  params: dealIdParamsSchema,
  response: dealDetailForCallerResponseSchema,
  handler: ({ params }, { identity, now }) =>
    identity.role === 'consumer'
      ? getConsumerDealDetail(identity, params.id, dealsData())
      : getDealDetail(identity, params.id, dealsData(), now, config.appUrl),
});
