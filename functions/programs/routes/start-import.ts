/** POST /programs/lenders/{lenderId}/versions: starts a month's program import, or answers its unfinished one (resume). */
import { lenderParamsSchema, programVersionSchema, startProgramImportRequestSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { startImport } from '../programs';
import { programsData } from '../data';

export default route({
  params: lenderParamsSchema,
  body: startProgramImportRequestSchema,
  response: programVersionSchema,
  handler: ({ params, body }, { identity, now }) => startImport(identity, params.lenderId, body, programsData(), now),
});
