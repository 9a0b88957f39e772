/** GET /exports/deals: one page of the deals CSV export (the broker's own; admins all) and the next cursor. */
import { exportPageResponseSchema, exportQuerySchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { transfersData } from '../data';
import { exportDeals } from '../exports';

export default route({
  query: exportQuerySchema,
  response: exportPageResponseSchema,
  handler: ({ query }, { identity }) => exportDeals(identity, query.cursor, transfersData()),
});
