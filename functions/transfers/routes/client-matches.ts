/** POST /client-imports/matches: the existing clients holding the e-mails or phones of an import's rows. */
import { clientMatchesRequestSchema, clientMatchesResponseSchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { findMatches } from '../client-import';
import { transfersData } from '../data';

export default route({
  body: clientMatchesRequestSchema,
  response: clientMatchesResponseSchema,
  handler: ({ body }) => findMatches(body, transfersData()),
});
