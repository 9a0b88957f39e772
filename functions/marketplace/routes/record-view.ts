/** POST /marketplace/vehicles/{id}/views: counts a view of a visible vehicle once per browser session and day (feeds trending). */
import { recordViewRequestSchema, recordViewResponseSchema, vehicleIdParamsSchema } from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { assertVisible } from '../vehicles';
import { countVehicleView } from '../views';

export default route({
  params: vehicleIdParamsSchema,
  body: recordViewRequestSchema,
  response: recordViewResponseSchema,
  handler: async ({ params, body }, { identity, now }) => {
    await assertVisible(identity, params.id, marketplaceData());
    return countVehicleView(params.id, identity.userId, body.sessionId, now, marketplaceData());
  },
});
