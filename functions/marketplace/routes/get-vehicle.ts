/** GET /marketplace/vehicles/{id}: a marketplace vehicle's page (404 for a dealer asking for another dealership's vehicle). */
import { marketplaceVehicleDetailSchema, vehicleIdParamsSchema } from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { getVehicle } from '../vehicles';

export default route({
  params: vehicleIdParamsSchema,
  response: marketplaceVehicleDetailSchema,
  handler: ({ params }, { identity }) => getVehicle(identity, params.id, marketplaceData()),
});
