/** The marketplace feature's Lambda: trending (public, also used by the embed) and the marketplace vehicles. */
import type { S3Client } from '@aws-sdk/client-s3';
import {
  createMarketplaceVehicleRequestSchema,
  marketplaceListQuerySchema,
  marketplaceListResponseSchema,
  marketplaceVehicleDetailSchema,
  marketplaceVehicleResponseSchema,
  recordViewRequestSchema,
  recordViewResponseSchema,
  stockNumberAvailabilityQuerySchema,
  stockNumberAvailabilitySchema,
  stockNumberParamsSchema,
  updateMarketplaceVehicleRequestSchema,
  vehicleIdParamsSchema,
  vehicleImageUploadRequestSchema,
  vehicleImageUploadResponseSchema,
} from '@shared/marketplace/api';
import { trendingResponseSchema } from '@shared/marketplace/trending';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { publicRoute, route } from '@functions/lib/http/route';
import { createS3Client } from '@functions/lib/storage';
import { marketplaceData } from './data';
import { presignVehicleImage, withClaimedImage, type ImageStorage } from './images';
import { getTrendingVehicles } from './trending';
import { assertVisible, createVehicle, getVehicle, listVehicles, stockNumberAvailability, updateVehicle } from './vehicles';
import { countVehicleView } from './views';

export { recordVehicleView } from './views';

let s3: Promise<S3Client> | undefined;
/** The deal-images bucket; its S3 client is loaded on first use (routes and saves without an image never load it). */
const imageStorage = (): ImageStorage => ({
  s3: () => (s3 ??= createS3Client()),
  bucket: config.dealImagesBucket,
  publicUrl: config.dealImagesUrl,
});

export const handler = featureHandler('marketplace', {
  'GET /marketplace/trending': publicRoute({
    response: trendingResponseSchema,
    // Browsers keep it a minute and CloudFront (the embed's /public-api/ path) five: the ranking behind it changes
    // every five minutes, and the embed on every dealer site is public.
    cacheSeconds: 60,
    edgeCacheSeconds: 300,
    handler: () => getTrendingVehicles(marketplaceData()),
  }),
  'GET /marketplace/vehicles': route({
    query: marketplaceListQuerySchema,
    response: marketplaceListResponseSchema,
    handler: ({ query }, { identity }) => listVehicles(identity, query, marketplaceData()),
  }),
  'GET /marketplace/vehicles/{id}': route({
    params: vehicleIdParamsSchema,
    response: marketplaceVehicleDetailSchema,
    handler: ({ params }, { identity }) => getVehicle(identity, params.id, marketplaceData()),
  }),
  'POST /marketplace/vehicles': route({
    body: createMarketplaceVehicleRequestSchema,
    response: marketplaceVehicleResponseSchema,
    status: 201,
    handler: async ({ body }, { identity, now }) =>
      withClaimedImage(body, imageStorage(), (claimed) => createVehicle(identity, claimed, marketplaceData(), now)),
  }),
  'PATCH /marketplace/vehicles/{id}': route({
    params: vehicleIdParamsSchema,
    body: updateMarketplaceVehicleRequestSchema,
    response: marketplaceVehicleResponseSchema,
    handler: async ({ params, body }, { identity, now }) =>
      withClaimedImage(body, imageStorage(), (claimed) => updateVehicle(identity, params.id, claimed, marketplaceData(), now)),
  }),
  'GET /marketplace/stock-numbers/{stockNumber}': route({
    params: stockNumberParamsSchema,
    query: stockNumberAvailabilityQuerySchema,
    response: stockNumberAvailabilitySchema,
    handler: ({ params, query }) => stockNumberAvailability(params.stockNumber, query.exceptVehicleId, marketplaceData()),
  }),
  'POST /marketplace/vehicles/{id}/views': route({
    params: vehicleIdParamsSchema,
    body: recordViewRequestSchema,
    response: recordViewResponseSchema,
    handler: async ({ params, body }, { identity, now }) => {
      await assertVisible(identity, params.id, marketplaceData());
      return countVehicleView(params.id, identity.userId, body.sessionId, now, marketplaceData());
    },
  }),
  'POST /marketplace/images': route({
    body: vehicleImageUploadRequestSchema,
    response: vehicleImageUploadResponseSchema,
    handler: async ({ body }, { now }) => presignVehicleImage(body, { ...imageStorage(), s3: await imageStorage().s3() }, now),
  }),
});
