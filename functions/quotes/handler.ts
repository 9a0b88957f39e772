/** The quotes feature's Lambda: the public quote wizard's submit and agent list, and the public API's document. */
import {
  OPENAPI_CACHE_SECONDS,
  QUOTE_AGENTS_CACHE_SECONDS,
  openApiDocumentSchema,
  quoteAgentsResponseSchema,
  quoteRequestResponseSchema,
  quoteRequestSchema,
} from '@shared/quotes/api';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { createMailer } from '@functions/lib/mailer';
import { quotesData } from './data';
import { servedOpenApiDocument } from './openapi';
import { listQuoteAgents, submitQuoteRequest } from './quotes';

const mailer = lazy(() => createMailer());

export const handler = featureHandler('quotes', {
  'POST /quote-requests': publicRoute({
    body: quoteRequestSchema,
    response: quoteRequestResponseSchema,
    status: 201,
    handler: ({ body }, { now }) =>
      submitQuoteRequest(body, { data: quotesData(), mailer: mailer(), appUrl: config.appUrl, log: logger }, now),
  }),
  'GET /quote-agents': publicRoute({
    response: quoteAgentsResponseSchema,
    cacheSeconds: QUOTE_AGENTS_CACHE_SECONDS,
    handler: () => listQuoteAgents(quotesData()),
  }),
  'GET /openapi.json': publicRoute({
    response: openApiDocumentSchema,
    cacheSeconds: OPENAPI_CACHE_SECONDS,
    handler: (_input, { event }) => servedOpenApiDocument(event),
  }),
});
