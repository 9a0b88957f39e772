/**
 * GET /quote-agents (public): the approved brokers a shopper may say they already work with. The public wizard
 * carries no query library (its 100 KB first-load budget, docs/decisions.md "Quote wizard bundle"): the list is
 * asked once per page and shared by every mount; a failed ask is forgotten, so the next mount asks again.
 */
import { useEffect, useState } from 'react';
import type { QuoteAgentsResponse } from '@shared/quotes/api';
import { api } from '@web/lib/api-client';

export function getQuoteAgents(): Promise<QuoteAgentsResponse> {
  return api.get<QuoteAgentsResponse>('/quote-agents', { auth: false });
}

let request: Promise<QuoteAgentsResponse> | undefined;

function loadQuoteAgents(): Promise<QuoteAgentsResponse> {
  request ??= getQuoteAgents().catch((error: unknown) => {
    request = undefined;
    throw error;
  });
  return request;
}

export type QuoteAgentsState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; agents: QuoteAgentsResponse['agents'] };

/** The agents, asked when the component mounts (the shopper said they work with an agent). */
export function useQuoteAgents(): QuoteAgentsState {
  const [state, setState] = useState<QuoteAgentsState>({ status: 'pending' });
  useEffect(() => {
    let current = true;
    loadQuoteAgents().then(
      (response) => current && setState({ status: 'success', agents: response.agents }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
