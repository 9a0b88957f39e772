/** The referrals feature's Lambda: "refer a friend" on the consumer portal's closed deals. */
import { createReferralRequestSchema, createReferralResponseSchema } from '@shared/referrals/api';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { referralsData } from './data';
import { createReferral } from './referrals';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export const handler = featureHandler('referrals', {
  'POST /referrals': route({
    body: createReferralRequestSchema,
    response: createReferralResponseSchema,
    status: 201,
    handler: ({ body }, { identity, now }) => createReferral(identity, body, referralsData(), notifiers(), now),
  }),
});
