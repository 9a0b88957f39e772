/** The admin's confirmation before a deal is deleted ("Delete Deal", Cancel and Delete). */
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { useDeleteDeal } from '../api/delete-deal';

export const DELETE_DEAL_CONFIRM = 'Are you sure you want to delete this deal? This action cannot be undone.';

export function DeleteDealDialog({
  deal,
  onClose,
  onDeleted,
}: {
  /** The deal to delete; null keeps the dialog closed. */
  deal: { id: string; name: string } | null;
  onClose: () => void;
  /** After the deal is gone (the list refreshes by itself; a deal's own page leaves). */
  onDeleted?: () => void;
}) {
  const remove = useDeleteDeal({ onSuccess: onDeleted });
  return (
    <Dialog open={deal !== null} onClose={onClose} title="Delete Deal" description={DELETE_DEAL_CONFIRM}>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          isLoading={remove.isPending}
          onClick={() => {
            if (deal) remove.mutate(deal, { onSettled: onClose });
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
