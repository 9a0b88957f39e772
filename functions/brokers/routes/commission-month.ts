/** GET /admin/commission: every broker's commission statement totals of a month (admins; the payroll CSV's rows). */
import { commissionMonthQuerySchema, commissionMonthResponseSchema } from '@shared/brokers/commission-api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { commissionMonth } from '../commission';

export default route({
  query: commissionMonthQuerySchema,
  response: commissionMonthResponseSchema,
  handler: async ({ query }, { now }) => commissionMonth(query.month, await brokerServices(), now),
});
