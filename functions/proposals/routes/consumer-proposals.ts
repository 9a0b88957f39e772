/** GET /consumer/deals/{id}/proposals: the proposals of the consumer's own deal (another deal is a 404). */
import { dealIdParamsSchema } from '@shared/deals/api';
import { consumerProposalsResponseSchema } from '@shared/proposals/api';
import { route } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { consumerProposals } from '../proposal-answers';

export default route({
  params: dealIdParamsSchema,
  response: consumerProposalsResponseSchema,
  handler: ({ params }, { identity, now }) => consumerProposals(identity, params.id, proposalsData(), now),
});
