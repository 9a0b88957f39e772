/** DELETE /deals/{id} (admins). */
import { dealIdParamsSchema, deleteDealResponseSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { dealsData } from '../data';
import { deleteDeal } from '../deals';

export default route({
  params: dealIdParamsSchema,
  response: deleteDealResponseSchema,
  handler: ({ params }) => deleteDeal(params.id, dealsData()),
});
