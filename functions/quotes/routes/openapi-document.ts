/** GET /openapi.json: the OpenAPI document of the public API for dealer sites. */
import { OPENAPI_CACHE_SECONDS, openApiDocumentSchema } from '@shared/quotes/api';
import { publicRoute } from '@functions/lib/http/route';
import { servedOpenApiDocument } from '../openapi';

export default publicRoute({
  response: openApiDocumentSchema,
  cacheSeconds: OPENAPI_CACHE_SECONDS,
  handler: (_input, { event }) => servedOpenApiDocument(event),
});
