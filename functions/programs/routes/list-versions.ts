/** GET /programs/lenders/{lenderId}/versions: a lender's months, newest first (brokers: finished ones only). */
import { lenderParamsSchema, versionsResponseSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { listVersions } from '../programs';
import { programsData } from '../data';

export default route({
  params: lenderParamsSchema,
  response: versionsResponseSchema,
  handler: ({ params }, { identity }) => listVersions(identity, params.lenderId, programsData()),
});
