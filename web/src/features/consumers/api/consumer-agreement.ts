/**
 * The consumer's brokering agreement for one deal (docs/decisions.md, "Agreements"): GET reads the current version
 * filled in for the deal (the server marks it viewed), POST signs it with the typed full name.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsumerAgreementResponse, SignAgreementRequest } from '@shared/agreements/api';
import { api } from '@web/lib/api-client';
import { consumerKeys } from './consumer-portal';

const agreementPath = (dealId: string) => `/consumer/deals/${encodeURIComponent(dealId)}/agreement`;
const agreementKey = (dealId: string) => [...consumerKeys.deal(dealId), 'agreement'] as const;

export function useConsumerAgreement(dealId: string) {
  return useQuery(
    queryOptions({
      queryKey: agreementKey(dealId),
      queryFn: ({ signal }) => api.get<ConsumerAgreementResponse>(agreementPath(dealId), { signal }),
    }),
  );
}

export function useSignAgreement(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignAgreementRequest) => api.post<ConsumerAgreementResponse>(`${agreementPath(dealId)}/signature`, body),
    onSuccess: (signed) => queryClient.setQueryData(agreementKey(dealId), signed),
    // A newer version (409): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: agreementKey(dealId) }),
  });
}

/** Pure: whether the fee still waits for the consumer's signature (the API refuses the payment until then). */
export function awaitsSignature(agreement: ConsumerAgreementResponse | undefined): boolean {
  if (!agreement) return true;
  return agreement.required && !agreement.signature;
}
