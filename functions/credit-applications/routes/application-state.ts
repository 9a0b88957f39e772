/** GET /credit-applications/{token}: the applicant's link state, with the form and vehicle only when valid (public). */
import { creditApplicationStateResponseSchema, creditApplicationTokenParamsSchema } from '@shared/credit-applications/api';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { applicationState } from '../credit-applications';
import { creditApplicationsData } from '../data';

export default publicRoute({
  params: creditApplicationTokenParamsSchema,
  response: creditApplicationStateResponseSchema,
  handler: ({ params }, { now }) =>
    applicationState(params.token, creditApplicationsData(), now, config.creditApplicationFormUrls),
});
