/** GET /deals/{id}/proposals: a deal's proposals with their status, newest first (staff who see the deal). */
import { dealIdParamsSchema } from '@shared/deals/api';
import { dealProposalsResponseSchema } from '@shared/proposals/api';
import { route } from '@functions/lib/http/route';
import { proposalsData } from '../data';
import { listDealProposals } from '../proposals';

export default route({
  params: dealIdParamsSchema,
  response: dealProposalsResponseSchema,
  handler: ({ params }, { identity, now }) => listDealProposals(identity, params.id, proposalsData(), now),
});
