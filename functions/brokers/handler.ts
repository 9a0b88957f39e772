/** The brokers feature's Lambda: the admin's performance page and approvals (/admin/brokers), and a broker's own /profile. */
import {
  brokerDetailResponseSchema,
  brokerIdParamsSchema,
  brokersPageQuerySchema,
  brokersPageResponseSchema,
  brokerStatsQuerySchema,
  brokerStatsResponseSchema,
  confirmLicenceRequestSchema,
  confirmPhotoRequestSchema,
  licenceUploadRequestSchema,
  licenceUrlResponseSchema,
  photoUploadRequestSchema,
  presignedUploadResponseSchema,
  profileResponseSchema,
  updateBrokerRequestSchema,
  updateProfileRequestSchema,
} from '@shared/brokers/api';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { brokerDetail, brokerStats, brokersPage, updateBroker } from './brokers';
import { brokerServices } from './deps';
import { confirmUpload, getProfile, licenceUrl, presignProfileUpload, updateProfile } from './profile';

export const handler = featureHandler('brokers', {
  'GET /admin/brokers': route({
    query: brokersPageQuerySchema,
    response: brokersPageResponseSchema,
    handler: async ({ query }, { now }) => brokersPage(query.month, await brokerServices(), now),
  }),
  'GET /admin/broker-stats': route({
    query: brokerStatsQuerySchema,
    response: brokerStatsResponseSchema,
    handler: async ({ query }, { now }) => brokerStats(query.month, await brokerServices(), now),
  }),
  'GET /admin/brokers/{id}': route({
    params: brokerIdParamsSchema,
    response: brokerDetailResponseSchema,
    handler: async ({ params }) => brokerDetail(params.id, await brokerServices()),
  }),
  'PATCH /admin/brokers/{id}': route({
    params: brokerIdParamsSchema,
    body: updateBrokerRequestSchema,
    response: brokerDetailResponseSchema,
    handler: async ({ params, body }, { identity, now }) => updateBroker(identity, params.id, body, await brokerServices(), now),
  }),
  'GET /profile': route({
    response: profileResponseSchema,
    handler: async (_input, { identity, now }) => getProfile(identity, await brokerServices(), now),
  }),
  'PATCH /profile': route({
    body: updateProfileRequestSchema,
    response: profileResponseSchema,
    handler: async ({ body }, { identity, now }) => updateProfile(identity, body, await brokerServices(), now),
  }),
  'POST /profile/photo-upload': route({
    body: photoUploadRequestSchema,
    response: presignedUploadResponseSchema,
    handler: async ({ body }, { identity }) => presignProfileUpload(identity, 'profilePhoto', body, await brokerServices()),
  }),
  'POST /profile/photo': route({
    body: confirmPhotoRequestSchema,
    response: profileResponseSchema,
    handler: async ({ body }, { identity, now }) =>
      confirmUpload(identity, 'profilePhoto', body.fileName, await brokerServices(), now),
  }),
  'POST /profile/licence-upload': route({
    body: licenceUploadRequestSchema,
    response: presignedUploadResponseSchema,
    handler: async ({ body }, { identity }) => presignProfileUpload(identity, 'licence', body, await brokerServices()),
  }),
  'POST /profile/licence': route({
    body: confirmLicenceRequestSchema,
    response: profileResponseSchema,
    handler: async ({ body }, { identity, now }) =>
      confirmUpload(identity, 'licence', body.fileName, await brokerServices(), now),
  }),
  'GET /brokers/{id}/licence-url': route({
    params: brokerIdParamsSchema,
    response: licenceUrlResponseSchema,
    handler: async ({ params }, { identity }) => licenceUrl(identity, params.id, await brokerServices()),
  }),
});
