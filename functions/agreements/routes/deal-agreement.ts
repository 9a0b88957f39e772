/** GET /deals/{id}/agreement: where the deal's brokering agreement stands (not sent, sent, viewed, signed), for staff. */
import { dealAgreementResponseSchema } from '@shared/agreements/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { agreementsData } from '../data';
import { dealAgreement } from '../agreements';

export default route({
  params: dealIdParamsSchema,
  response: dealAgreementResponseSchema,
  handler: ({ params }, { identity }) => dealAgreement(identity, params.id, agreementsData()),
});
