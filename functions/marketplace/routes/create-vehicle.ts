/** POST /marketplace/vehicles: adds a vehicle (its uploaded image claimed); the stock number is unique (409). */
import { createMarketplaceVehicleRequestSchema, marketplaceVehicleResponseSchema } from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { imageStorage } from '../image-storage';
import { withClaimedImage } from '../images';
import { createVehicle } from '../vehicles';

export default route({
  body: createMarketplaceVehicleRequestSchema,
  response: marketplaceVehicleResponseSchema,
  status: 201,
  handler: async ({ body }, { identity, now }) =>
    withClaimedImage(body, imageStorage(), (claimed) => createVehicle(identity, claimed, marketplaceData(), now)),
});
