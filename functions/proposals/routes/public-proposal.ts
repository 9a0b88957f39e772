/** GET /proposals/{token}: the proposal a link carries, or why it shows none (public). */
import { proposalTokenParamsSchema, publicProposalResponseSchema } from '@shared/proposals/api';
import { publicRoute } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { publicProposal } from '../proposal-answers';

export default publicRoute({
  params: proposalTokenParamsSchema,
  response: publicProposalResponseSchema,
  handler: ({ params }, { now }) => publicProposal(params.token, proposalsData(), now),
});
