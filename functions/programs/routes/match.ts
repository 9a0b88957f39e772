/** GET /programs/match: the program rows for a vehicle, term, mileage, state and date (one Query). */
import { matchQuerySchema, matchResponseSchema } from '@shared/programs/api';
import { route } from '@functions/lib/http/route';
import { matchPrograms } from '../programs';
import { programsData } from '../data';

export default route({
  query: matchQuerySchema,
  response: matchResponseSchema,
  handler: ({ query }) => matchPrograms(query, programsData()),
});
