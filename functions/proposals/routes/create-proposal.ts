/** POST /deals/{id}/proposals: the deal's broker or an admin shares a snapshot of the deal's offer (201, link once). */
import { dealIdParamsSchema } from '@shared/deals/api';
import { createProposalResponseSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { createProposal } from '../proposals';

export default route({
  params: dealIdParamsSchema,
  response: createProposalResponseSchema,
  status: 201,
  handler: ({ params }, { identity, now }) => createProposal(identity, params.id, proposalsData(), now, config.appUrl),
});
