/** GET /programs/lenders/{lenderId}/versions/{month}/rows: a page of a month's rows in file order. */
import { rowsQuerySchema, versionParamsSchema, versionRowsResponseSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { versionRows } from '../programs';
import { programsData } from '../data';

export default route({
  params: versionParamsSchema,
  query: rowsQuerySchema,
  response: versionRowsResponseSchema,
  handler: ({ params, query }, { identity }) =>
    versionRows(identity, params.lenderId, params.month, query.cursor, programsData()),
});
