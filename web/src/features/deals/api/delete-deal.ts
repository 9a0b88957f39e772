/**
 * DELETE /deals/{id} (admins): the deal leaves every list, the archive, the dashboard counts, its client's past
 * purchases and its marketplace vehicle's pending count, so all of those are refreshed; its own query is dropped.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { DEAL_DEPENDENT_KEYS, dealKeys } from './deal-keys';

export function deleteDeal(id: string): Promise<unknown> {
  return api.delete<unknown>(`/deals/${encodeURIComponent(id)}`);
}

export function useDeleteDeal({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deal: { id: string; name: string }) => deleteDeal(deal.id),
    onSuccess: async (_deleted, deal) => {
      toast({ title: 'Deal deleted', description: `${deal.name} was deleted.`, variant: 'success' });
      queryClient.removeQueries({ queryKey: dealKeys.detail(deal.id) });
      await Promise.all(
        [dealKeys.lists(), dealKeys.archived(), ...DEAL_DEPENDENT_KEYS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onSuccess?.();
    },
    onError: failureToast('Error deleting deal'),
  });
}
