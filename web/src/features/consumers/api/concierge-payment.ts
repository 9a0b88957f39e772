/**
 * Paying the concierge fee (docs/decisions.md, "Payments"): POST /deals/{id}/concierge-payment answers the provider's
 * checkout page, which opens in a new tab. The tab is opened blank in the click itself, before the request, and
 * pointed at the checkout once the answer arrives: a tab opened after an await is no longer a user gesture and
 * popup blockers stop it. Failures close the blank tab and toast "Payment Error" with "Failed to create payment
 * session" or "No payment URL returned". The amount is the deal's, decided by the server (the route takes no body).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  NO_PAYMENT_URL_MESSAGE,
  PAYMENT_ERROR_TITLE,
  PAYMENT_SESSION_FAILED_MESSAGE,
  type ConciergePaymentResponse,
} from '@shared/payments/api';
import { toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { consumerKeys } from './consumer-portal';

export type PaymentStart = 'opened' | 'failed';

/** Opens the checkout of `dealId`'s concierge fee in a new tab; answers whether it opened. */
export async function openConciergeCheckout(dealId: string): Promise<PaymentStart> {
  const tab = window.open('', '_blank');
  // The checkout must not be able to reach back into the portal through window.opener.
  if (tab) tab.opener = null;
  try {
    const { url } = await api
      .post<Partial<ConciergePaymentResponse> | undefined>(`/deals/${encodeURIComponent(dealId)}/concierge-payment`)
      .then((answer) => answer ?? {});
    if (!url) {
      tab?.close();
      toast({ title: PAYMENT_ERROR_TITLE, description: NO_PAYMENT_URL_MESSAGE, variant: 'destructive' });
      return 'failed';
    }
    // A blocked popup leaves no tab: the checkout then opens here (it returns to the portal).
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    return 'opened';
  } catch (error) {
    tab?.close();
    logger.error('Creating the payment session failed', error);
    // A refusal with a reason (409: already paid, no longer due) says it; anything else is the required message.
    const description = isApiError(error) && error.status === 409 ? error.message : PAYMENT_SESSION_FAILED_MESSAGE;
    toast({ title: PAYMENT_ERROR_TITLE, description, variant: 'destructive' });
    return 'failed';
  }
}

/**
 * The portal's "Pay Concierge Fee" action: one checkout at a time (a double click opens one tab), and the portal
 * refreshed after a refusal (the fee may have been paid meanwhile). `onOpened` starts the portal's polling.
 */
export function useConciergePayment({ onOpened }: { onOpened: (dealId: string) => void }) {
  const queryClient = useQueryClient();
  const pay = useCallback(
    async (dealId: string) => {
      const outcome = await openConciergeCheckout(dealId);
      if (outcome === 'opened') onOpened(dealId);
      else await queryClient.invalidateQueries({ queryKey: consumerKeys.portal() });
    },
    [onOpened, queryClient],
  );
  return useSingleFlight(pay);
}
