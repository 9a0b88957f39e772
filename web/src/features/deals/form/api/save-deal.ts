/**
 * POST /deals and PATCH /deals/{id}: the two saves of the deal form. A deal moves the deals lists, its detail, the
 * dashboard counts, its client's past purchases and its marketplace vehicle's pending-deal count, so each save
 * refreshes all of those. The toasts are the pages' (they know their words and where to go next).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealView } from '@shared/deals/api';
import type { DealCreate, DealUpdate } from '@shared/deals/schemas';
import { api } from '@web/lib/api-client';
import { DEAL_DEPENDENT_KEYS, dealKeys } from '@web/features/deals/api/deal-keys';

function useInvalidateDeal() {
  const queryClient = useQueryClient();
  return (deal: DealView) =>
    Promise.all(
      [dealKeys.lists(), dealKeys.detail(deal.id), ...DEAL_DEPENDENT_KEYS].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateDeal() {
  const invalidate = useInvalidateDeal();
  return useMutation({
    // The form's parsed values: the server parses them again with the same schema.
    mutationFn: (body: DealCreate) => api.post<DealView>('/deals', body),
    onSuccess: invalidate,
  });
}

/** `body.revision` is the one the form loaded: a save over someone else's is refused with 409. */
export function useUpdateDeal(id: string) {
  const invalidate = useInvalidateDeal();
  return useMutation({
    mutationFn: (body: DealUpdate & { revision: number }) => api.patch<DealView>(`/deals/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}
