/** POST /marketplace/images: a presigned upload of a vehicle image to the deal-images bucket. */
import { vehicleImageUploadRequestSchema, vehicleImageUploadResponseSchema } from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { imageStorage } from '../image-storage';
import { presignVehicleImage } from '../images';

export default route({
  body: vehicleImageUploadRequestSchema,
  response: vehicleImageUploadResponseSchema,
  handler: async ({ body }, { now }) => presignVehicleImage(body, { ...imageStorage(), s3: await imageStorage().s3() }, now),
});
