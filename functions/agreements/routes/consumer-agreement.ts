/** GET /consumer/deals/{id}/agreement: the agreement filled in for the consumer's own deal; reading it marks it viewed. */
import { consumerAgreementResponseSchema } from '@shared/agreements/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { agreementsData } from '../data';
import { consumerAgreement } from '../agreements';

export default route({
  params: dealIdParamsSchema,
  response: consumerAgreementResponseSchema,
  handler: ({ params }, { identity, now }) => consumerAgreement(identity, params.id, agreementsData(), now),
});
