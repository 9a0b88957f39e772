/** GET /quote-agents: the approved brokers by full name, for the quote wizard's agent dropdown. */
import { QUOTE_AGENTS_CACHE_SECONDS, quoteAgentsResponseSchema } from '@shared/quotes/api';
import { publicRoute } from '@functions/lib/http/route';
import { quotesData } from '../data';
import { listQuoteAgents } from '../quotes';

export default publicRoute({
  response: quoteAgentsResponseSchema,
  cacheSeconds: QUOTE_AGENTS_CACHE_SECONDS,
  handler: () => listQuoteAgents(quotesData()),
});
