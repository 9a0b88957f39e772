/** POST /referrals: refers a friend from the consumer's own closed deal and e-mails the friend naming the broker. */
import { createReferralRequestSchema, createReferralResponseSchema } from '@shared/referrals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { referralsData } from '../data';
import { createReferral } from '../referrals';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default route({
  body: createReferralRequestSchema,
  response: createReferralResponseSchema,
  status: 201,
  handler: ({ body }, { identity, now }) => createReferral(identity, body, referralsData(), notifiers(), now),
});
