/** POST /deals/{id}/credit-application-link/regenerate: a new link for the deal, the old one revoked (staff). */
import { regenerateCreditApplicationLinkResponseSchema } from '@shared/credit-applications/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { regenerateLink } from '../credit-applications';
import { creditApplicationsData } from '../data';

export default route({
  params: dealIdParamsSchema,
  response: regenerateCreditApplicationLinkResponseSchema,
  handler: ({ params }, { identity, now }) => regenerateLink(identity, params.id, creditApplicationsData(), now, config.appUrl),
});
