/** POST /webhooks/e-signature: the provider reports a completed application; completes a valid link exactly once. */
import { E_SIGNATURE_SIGNATURE_HEADER, eSignatureWebhookResponseSchema } from '@shared/credit-applications/api';
import { config } from '@functions/lib/config';
import { header, rawBody } from '@functions/lib/http/raw-body';
import { publicRoute } from '@functions/lib/http/route';
import { defaultSecrets } from '@functions/lib/secrets';
import { receiveESignatureWebhook } from '../credit-applications';
import { creditApplicationsData } from '../data';

// No body schema: the signature is checked over the raw bytes before anything in them is trusted.
export default publicRoute({
  response: eSignatureWebhookResponseSchema,
  handler: async (_input, { event, now }) =>
    receiveESignatureWebhook(
      { rawBody: rawBody(event), signature: header(event, E_SIGNATURE_SIGNATURE_HEADER) },
      await defaultSecrets().read(config.eSignatureWebhookSecret),
      creditApplicationsData(),
      now,
    ),
});
