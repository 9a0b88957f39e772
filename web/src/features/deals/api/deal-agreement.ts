/**
 * Sending a deal's brokering agreement link (docs/decisions.md, "Agreements"). Where the agreement stands comes with
 * the deal's detail (one call for the page); a send answers the new state, which replaces the detail's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendAgreementResponse } from '@shared/agreements/api';
import type { DealDetail } from '@shared/deals/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { dealKeys } from './deal-keys';

export function useSendAgreement(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SendAgreementResponse>(`/deals/${encodeURIComponent(dealId)}/agreement/send`),
    onSuccess: (sent) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (detail) =>
        detail ? { ...detail, agreement: sent.agreement } : detail,
      );
      if (sent.status === 'failed')
        toast({ title: 'Agreement not sent', description: sent.error ?? `Could not e-mail ${sent.to}`, variant: 'destructive' });
      else toast({ title: 'Agreement sent', description: `The portal link was e-mailed to ${sent.to}.`, variant: 'success' });
    },
    onError: (error: Error) => toast({ title: 'Agreement not sent', description: error.message, variant: 'destructive' }),
  });
}
