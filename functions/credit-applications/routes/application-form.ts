/** GET /credit-applications/forms/{type}: the embed page's e-signature form of a form type (public). */
import {
  creditApplicationFormParamsSchema,
  creditApplicationFormQuerySchema,
  creditApplicationFormResponseSchema,
} from '@shared/credit-applications/api';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { applicationForm } from '../credit-applications';

export default publicRoute({
  params: creditApplicationFormParamsSchema,
  query: creditApplicationFormQuerySchema,
  response: creditApplicationFormResponseSchema,
  // The configured URLs change only with a deployment.
  cacheSeconds: 300,
  handler: ({ params, query }) => applicationForm(params.type, query.dealId, config.creditApplicationFormUrls),
});
