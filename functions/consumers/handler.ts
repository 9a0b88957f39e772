/** The consumers feature's Lambda: the consumer portal in one call. */
import { consumerPortalResponseSchema } from '@shared/consumers/api';
import { consumersData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { loadPortal } from './portal';

export const handler = featureHandler('consumers', {
  'GET /consumer/portal': route({
    response: consumerPortalResponseSchema,
    handler: (_input, { identity }) => loadPortal(identity, consumersData()),
  }),
});
