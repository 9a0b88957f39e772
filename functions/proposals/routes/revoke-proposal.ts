/** POST /deals/{id}/proposals/{proposalId}/revoke: the deal's broker or an admin; the link stops working at once. */
import { proposalParamsSchema, revokeProposalResponseSchema } from '@shared/proposals/api';
import { route } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { revokeProposal } from '../proposals';

export default route({
  params: proposalParamsSchema,
  response: revokeProposalResponseSchema,
  handler: ({ params }, { identity, now }) => revokeProposal(identity, params.id, params.proposalId, proposalsData(), now),
});
