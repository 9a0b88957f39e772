/**
 * GET /consumer/portal: the whole portal in one call (the consumer's deals with what is offered on each, and their
 * broker). The one query of the app that refetches on window focus (the app's default is off: lib/query-client.ts): the
 * concierge fee is paid in another tab, and coming back to the portal should show "Paid" without a reload. While
 * a checkout is open the portal also polls briefly (see useConciergePayment), for a consumer who never leaves the tab.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsumerPortal } from '@shared/consumers/api';
import { api } from '@web/lib/api-client';

export const consumerKeys = {
  all: ['consumer'] as const,
  portal: () => [...consumerKeys.all, 'portal'] as const,
  deal: (id: string) => [...consumerKeys.all, 'deal', id] as const,
};

/** How often the portal asks again while a checkout is open, and for how long at most. */
export const PAYMENT_POLL_INTERVAL_MS = 3_000;
export const PAYMENT_POLL_LIMIT_MS = 10 * 60_000;

export function consumerPortalQueryOptions() {
  return queryOptions({
    queryKey: consumerKeys.portal(),
    queryFn: ({ signal }) => api.get<ConsumerPortal>('/consumer/portal', { signal }),
    refetchOnWindowFocus: true,
  });
}

/** A deal whose fee is being paid (its checkout was opened, or returned from), since when (ms since the epoch). */
export interface AwaitedPayment {
  dealId: string;
  since: number;
}

/** Whether the portal should ask again: the awaited deal is listed, unpaid, and the wait has not run out. */
export function shouldPollPayment(awaited: AwaitedPayment | null, portal: ConsumerPortal | undefined, now: number): boolean {
  if (!awaited || now - awaited.since > PAYMENT_POLL_LIMIT_MS) return false;
  const deal = portal?.deals.find((candidate) => candidate.id === awaited.dealId);
  return !!deal && !deal.conciergeFeePaid;
}

/** The portal; while a payment is awaited it asks again every few seconds until that deal's fee reads paid. */
export function useConsumerPortal(awaited: AwaitedPayment | null) {
  return useQuery({
    ...consumerPortalQueryOptions(),
    refetchInterval: (query) => (shouldPollPayment(awaited, query.state.data, Date.now()) ? PAYMENT_POLL_INTERVAL_MS : false),
  });
}
