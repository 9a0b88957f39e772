/** GET /exports/leads: one page of the leads CSV export (the broker's own; admins all) and the next cursor. */
import { exportPageResponseSchema, exportQuerySchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { transfersData } from '../data';
import { exportLeads } from '../exports';

export default route({
  query: exportQuerySchema,
  response: exportPageResponseSchema,
  handler: ({ query }, { identity }) => exportLeads(identity, query.cursor, transfersData()),
});
