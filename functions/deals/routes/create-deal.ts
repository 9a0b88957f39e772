/** POST /deals: the "Create New Deal" form. */
import { createDealRequestSchema, createDealResponseSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { dealsData } from '../data';
import { createDeal } from '../deals';

export default route({
  body: createDealRequestSchema,
  response: createDealResponseSchema,
  status: 201,
  handler: ({ body }, { identity, now }) => createDeal(identity, body, dealsData(), now),
});
