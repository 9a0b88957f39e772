/** GET /programs/lenders: every lender, by name. */
import { lendersResponseSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { listLenders } from '../programs';
import { programsData } from '../data';

export default route({
  response: lendersResponseSchema,
  handler: () => listLenders(programsData()),
});
