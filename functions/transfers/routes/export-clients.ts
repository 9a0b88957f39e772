/** GET /exports/clients: one page of the clients CSV export (the broker's own; admins all) and the next cursor. */
import { exportPageResponseSchema, exportQuerySchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { transfersData } from '../data';
import { exportClients } from '../exports';

export default route({
  query: exportQuerySchema,
  response: exportPageResponseSchema,
  handler: ({ query }, { identity }) => exportClients(identity, query.cursor, transfersData()),
});
