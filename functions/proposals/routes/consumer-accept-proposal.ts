/**
 * POST /consumer/deals/{id}/proposals/{proposalId}/accept: the consumer accepts their own deal's proposal from the
 * portal, with the link's rules (idempotent; time and source address on the deal's trail; available -> pending).
 */
import { acceptProposalResponseSchema, proposalParamsSchema } from '@shared/proposals/api';
import { route } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { acceptConsumerProposal } from '../proposals';

export default route({
  params: proposalParamsSchema,
  response: acceptProposalResponseSchema,
  handler: ({ params }, { identity, event, now }) =>
    acceptConsumerProposal(identity, params.id, params.proposalId, event.requestContext.http.sourceIp, proposalsData(), now),
});
