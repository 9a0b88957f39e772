/** PATCH /marketplace/vehicles/{id}: edits, archives or unarchives a vehicle (its new image claimed; admins and whoever added it). */
import {
  marketplaceVehicleResponseSchema,
  updateMarketplaceVehicleRequestSchema,
  vehicleIdParamsSchema,
} from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { imageStorage } from '../image-storage';
import { withClaimedImage } from '../images';
import { updateVehicle } from '../vehicles';

export default route({
  params: vehicleIdParamsSchema,
  body: updateMarketplaceVehicleRequestSchema,
  response: marketplaceVehicleResponseSchema,
  handler: async ({ params, body }, { identity, now }) =>
    withClaimedImage(body, imageStorage(), (claimed) => updateVehicle(identity, params.id, claimed, marketplaceData(), now)),
});
