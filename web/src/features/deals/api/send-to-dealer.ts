/**
 * "Send to dealer" (docs/decisions.md, "ADF leads"): the deal e-mailed as an ADF lead to its dealership's lead
 * address. The API records it on the activity trail, so the deal is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendToDealerResponse } from '@shared/leads/adf-api';
import { retryingNotice } from '@shared/notifications';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { dealKeys } from './deal-keys';

export function useSendToDealer(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SendToDealerResponse>(`/deals/${encodeURIComponent(dealId)}/send-to-dealer`),
    onSuccess: ({ sentTo, delivery }) => {
      if (delivery === 'failed') {
        toast({ title: 'Could not send to the dealer', description: `${sentTo} refused the e-mail.`, variant: 'destructive' });
      } else {
        toast({
          title: 'Sent to dealer',
          description:
            delivery === 'sent' ? `The deal went to ${sentTo} as an ADF lead.` : retryingNotice(`The e-mail to ${sentTo}`),
          variant: 'success',
        });
      }
    },
    onError: failureToast('Could not send to the dealer'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.detail(dealId) }),
  });
}
