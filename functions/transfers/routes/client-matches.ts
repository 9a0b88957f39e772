/**
 * POST /client-imports/matches: the existing clients the caller could open that hold the e-mails or phones of an
 * import's rows; counted per caller (route table `callerLimit`).
 */
import { clientMatchesRequestSchema, clientMatchesResponseSchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { findMatches } from '../client-import';
import { transfersData } from '../data';

export default route({
  body: clientMatchesRequestSchema,
  response: clientMatchesResponseSchema,
  handler: ({ body }, { identity }) => findMatches(identity, body, transfersData()),
});
