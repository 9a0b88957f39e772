/** GET /consumer/portal: the consumer's own deals (consumer-visible fields only) and their broker's contact, in one call. */
import { consumerPortalResponseSchema } from '@shared/consumers/api';
import { route } from '@functions/lib/http/route';
import { consumersData } from '../data';
import { loadPortal } from '../portal';

export default route({
  response: consumerPortalResponseSchema,
  handler: (_input, { identity }) => loadPortal(identity, consumersData()),
});
