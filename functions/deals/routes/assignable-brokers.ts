/** GET /assignable-brokers: approved and licensed brokers, for the deal form's broker choice. */
import { assignableBrokersResponseSchema } from '@shared/deals/api';
import { route } from '@functions/lib/http/route';
import { dealsData } from '../data';
import { assignableBrokers } from '../deals';

export default route({
  response: assignableBrokersResponseSchema,
  handler: (_input, { now }) => assignableBrokers(dealsData(), now),
});
