/** POST /lease/calculate: a lease priced by the shared lease math, for dealer sites. */
import { calculateLease } from '@shared/lease/calculate';
import { calculateLeaseRequestSchema, calculateLeaseResponseSchema } from '@shared/lease/api';
import { publicRoute } from '@functions/lib/http/route';

export default publicRoute({
  body: calculateLeaseRequestSchema,
  response: calculateLeaseResponseSchema,
  handler: ({ body }) => calculateLease(body),
});
