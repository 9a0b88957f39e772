/** POST /programs/lenders/{lenderId}/versions/{month}/rows: the next chunk at the version's cursor (idempotent). */
import { programImportRowsRequestSchema, programImportRowsResponseSchema, versionParamsSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { importRows } from '../programs';
import { programsData } from '../data';

export default route({
  params: versionParamsSchema,
  body: programImportRowsRequestSchema,
  response: programImportRowsResponseSchema,
  handler: ({ params, body }, { now }) => importRows(params.lenderId, params.month, body, programsData(), now),
});
