/** GET /quote-agents (public): the approved brokers a shopper may say they already work with. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteAgentsResponse } from '@shared/quotes/api';
import { api } from '@web/lib/api-client';

export function getQuoteAgents(): Promise<QuoteAgentsResponse> {
  return api.get<QuoteAgentsResponse>('/quote-agents', { auth: false });
}

export function quoteAgentsQueryOptions() {
  return queryOptions({ queryKey: ['quotes', 'agents'], queryFn: getQuoteAgents, staleTime: 5 * 60_000 });
}

/** Loaded only once the shopper says they work with an agent (`enabled`). */
export function useQuoteAgents(enabled: boolean) {
  return useQuery({ ...quoteAgentsQueryOptions(), enabled });
}
