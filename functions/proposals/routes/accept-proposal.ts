/** POST /proposals/{token}/accept: the client accepts (public; idempotent), from the source address API Gateway saw. */
import { acceptProposalResponseSchema, proposalTokenParamsSchema } from '@shared/proposals/api';
import { publicRoute } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { acceptProposal } from '../proposals';

export default publicRoute({
  params: proposalTokenParamsSchema,
  response: acceptProposalResponseSchema,
  handler: ({ params }, { event, now }) => acceptProposal(params.token, event.requestContext.http.sourceIp, proposalsData(), now),
});
