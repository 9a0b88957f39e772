/** The credit-applications feature's Lambda: the applicant's link state, the embed page's form, regenerating a deal's link and the e-signature webhook. */
import {
  creditApplicationFormParamsSchema,
  creditApplicationFormQuerySchema,
  creditApplicationFormResponseSchema,
  creditApplicationStateResponseSchema,
  creditApplicationTokenParamsSchema,
  E_SIGNATURE_SIGNATURE_HEADER,
  eSignatureWebhookResponseSchema,
  regenerateCreditApplicationLinkResponseSchema,
} from '@shared/credit-applications/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { creditApplicationsData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { header, rawBody } from '@functions/lib/http/raw-body';
import { publicRoute, route } from '@functions/lib/http/route';
import { defaultSecrets } from '@functions/lib/secrets';
import { applicationForm, applicationState, receiveESignatureWebhook, regenerateLink } from './credit-applications';

export const handler = featureHandler('credit-applications', {
  'GET /credit-applications/{token}': publicRoute({
    params: creditApplicationTokenParamsSchema,
    response: creditApplicationStateResponseSchema,
    handler: ({ params }, { now }) =>
      applicationState(params.token, creditApplicationsData(), now, config.creditApplicationFormUrls),
  }),
  'GET /credit-applications/forms/{type}': publicRoute({
    params: creditApplicationFormParamsSchema,
    query: creditApplicationFormQuerySchema,
    response: creditApplicationFormResponseSchema,
    // The configured URLs change only with a deployment.
    cacheSeconds: 300,
    handler: ({ params, query }) => applicationForm(params.type, query.dealId, config.creditApplicationFormUrls),
  }),
  'POST /deals/{id}/credit-application-link/regenerate': route({
    params: dealIdParamsSchema,
    response: regenerateCreditApplicationLinkResponseSchema,
    handler: ({ params }, { identity, now }) => regenerateLink(identity, params.id, creditApplicationsData(), now, config.appUrl),
  }),
  // No body schema: the signature is checked over the raw bytes before anything in them is trusted.
  'POST /webhooks/e-signature': publicRoute({
    response: eSignatureWebhookResponseSchema,
    handler: async (_input, { event, now }) =>
      receiveESignatureWebhook(
        { rawBody: rawBody(event), signature: header(event, E_SIGNATURE_SIGNATURE_HEADER) },
        await defaultSecrets().read(config.eSignatureWebhookSecret),
        creditApplicationsData(),
        now,
      ),
  }),
});
