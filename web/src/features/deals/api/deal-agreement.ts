/** A deal's brokering agreement for staff (docs/decisions.md, "Agreements"): its state, and sending the client the link. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealAgreementResponse, SendAgreementResponse } from '@shared/agreements/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const dealAgreementKey = (dealId: string) => ['deals', dealId, 'agreement'] as const;
const agreementPath = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/agreement`;

export function useDealAgreement(dealId: string) {
  return useQuery({
    queryKey: dealAgreementKey(dealId),
    queryFn: ({ signal }) => api.get<DealAgreementResponse>(agreementPath(dealId), { signal }),
  });
}

export function useSendAgreement(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SendAgreementResponse>(`${agreementPath(dealId)}/send`),
    onSuccess: (sent) => {
      queryClient.setQueryData(dealAgreementKey(dealId), sent.agreement);
      if (sent.status === 'failed')
        toast({ title: 'Agreement not sent', description: sent.error ?? `Could not e-mail ${sent.to}`, variant: 'destructive' });
      else toast({ title: 'Agreement sent', description: `The portal link was e-mailed to ${sent.to}.`, variant: 'success' });
    },
    onError: (error: Error) => toast({ title: 'Agreement not sent', description: error.message, variant: 'destructive' }),
  });
}
