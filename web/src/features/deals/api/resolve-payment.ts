/**
 * POST /deals/{id}/payments-to-review/resolve (admins): "Mark fee paid" or "Dismiss" a payment that did not pay the
 * concierge fee, on the deal revision the page shows. The deal (its fee, list and trail) and the lists showing the
 * fee are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolvePaymentRequest, ResolvePaymentResponse } from '@shared/payments/api';
import { api } from '@web/lib/api-client';
import { DEAL_DEPENDENT_KEYS, dealKeys } from './deal-keys';

export function resolvePayment(dealId: string, request: ResolvePaymentRequest): Promise<ResolvePaymentResponse> {
  return api.post<ResolvePaymentResponse>(`/deals/${encodeURIComponent(dealId)}/payments-to-review/resolve`, request);
}

export function useResolvePayment(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResolvePaymentRequest) => resolvePayment(dealId, request),
    // Also after a refusal: a 409 means the deal moved on (another admin resolved it); show what it is now.
    onSettled: () =>
      Promise.all(
        [dealKeys.detail(dealId), dealKeys.lists(), ...DEAL_DEPENDENT_KEYS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
