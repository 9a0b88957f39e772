/**
 * The credit application card's copy action: the deal's link is created on first use
 * (POST /deals/{id}/credit-application-link answers the existing valid link after that), then written to the
 * clipboard with the required toast. The new link is put into the cached deal, so the card shows it without
 * another call.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditApplicationLink, DealDetail } from '@shared/deals/api';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { dealKeys } from './deal-keys';

export function createCreditApplicationLink(dealId: string): Promise<CreditApplicationLink> {
  return api.post<CreditApplicationLink>(`/deals/${encodeURIComponent(dealId)}/credit-application-link`);
}

/** Thrown when the browser refuses the clipboard: the link is known and shown, only the copy failed. */
class ClipboardError extends Error {}

export function useCopyCreditApplicationLink(dealId: string, { onCopied }: { onCopied?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (current: CreditApplicationLink | null) => {
      const link = current?.status === 'valid' ? current : await createCreditApplicationLink(dealId);
      if (link !== current) {
        queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (detail) =>
          detail ? { ...detail, creditApplication: link } : detail,
        );
      }
      try {
        await navigator.clipboard.writeText(link.url);
      } catch {
        throw new ClipboardError('Your browser did not allow copying. Select the link and copy it yourself.');
      }
      return link;
    },
    onSuccess: () => {
      toast({ title: 'Link Copied', description: 'Credit application form link copied to clipboard', variant: 'success' });
      onCopied?.();
    },
    onError: (error: Error) =>
      toast({
        title: error instanceof ClipboardError ? 'Could not copy the link' : 'Error creating credit application link',
        description: error.message,
        variant: 'destructive',
      }),
  });
}

/** POST /deals/{id}/credit-application-link/regenerate: a new link; the old one stops working at once. */
export function regenerateCreditApplicationLink(dealId: string): Promise<CreditApplicationLink> {
  return api.post<CreditApplicationLink>(`/deals/${encodeURIComponent(dealId)}/credit-application-link/regenerate`);
}

export function useRegenerateCreditApplicationLink(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateCreditApplicationLink(dealId),
    onSuccess: (link) => {
      queryClient.setQueryData<DealDetail>(dealKeys.detail(dealId), (detail) =>
        detail ? { ...detail, creditApplication: link } : detail,
      );
      toast({
        title: 'New link created',
        description: 'The previous credit application link no longer works.',
        variant: 'success',
      });
    },
    onError: failureToast('Error regenerating credit application link'),
  });
}
