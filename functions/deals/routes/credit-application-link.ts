/** POST /deals/{id}/credit-application-link: the deal's credit application link, created on first use. */
import { creditApplicationLinkResponseSchema, dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { creditApplicationLink } from '../credit-application';
import { dealsData } from '../data';

export default route({
  params: dealIdParamsSchema,
  response: creditApplicationLinkResponseSchema,
  handler: ({ params }, { identity, now }) => creditApplicationLink(identity, params.id, dealsData(), now, config.appUrl),
});
