/** POST /client-imports/{id}/rows: imports the next chunk at the job's cursor (idempotent) and moves the cursor. */
import { importIdParamsSchema, importRowsRequestSchema, importRowsResponseSchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { importRows } from '../client-import';
import { transfersData } from '../data';

export default route({
  params: importIdParamsSchema,
  body: importRowsRequestSchema,
  response: importRowsResponseSchema,
  handler: ({ params, body }, { identity, now }) => importRows(identity, params.id, body, transfersData(), now),
});
