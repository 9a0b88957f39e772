/** POST /programs/lenders: a new lender (admins); a name another lender has is 409. */
import { createLenderRequestSchema, lenderSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { createLender } from '../programs';
import { programsData } from '../data';

export default route({
  body: createLenderRequestSchema,
  response: lenderSchema,
  status: 201,
  handler: ({ body }, { now }) => createLender(body, programsData(), now),
});
