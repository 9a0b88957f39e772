/**
 * POST /quote-requests: the quote wizard's submit; stores one lead (assigned to the shopper's agent when approved and
 * licensed), e-mails the admins and the named agent, and acknowledges the shopper by e-mail or text.
 */
import { quoteRequestResponseSchema, quoteRequestSchema } from '@shared/quotes/api';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { createMailer } from '@functions/lib/mailer';
import { createSmsSender } from '@functions/lib/sms';
import { quotesData } from '../data';
import { submitQuoteRequest } from '../quotes';

const mailer = lazy(() => createMailer());
const sms = lazy(() => createSmsSender());

export default publicRoute({
  body: quoteRequestSchema,
  response: quoteRequestResponseSchema,
  status: 201,
  handler: ({ body }, { now }) =>
    submitQuoteRequest(body, { data: quotesData(), mailer: mailer(), sms: sms(), appUrl: config.appUrl, log: logger }, now),
});
