/** PATCH /deals/{id}: the edit form, saved whole on the revision it loaded (409 if stale). */
import { dealIdParamsSchema, updateDealRequestSchema, updateDealResponseSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { dealsData } from '../data';
import { updateDeal } from '../deals';

export default route({
  params: dealIdParamsSchema,
  body: updateDealRequestSchema,
  response: updateDealResponseSchema,
  handler: ({ params, body }, { identity, now }) => updateDeal(identity, params.id, body, dealsData(), now),
});
