/** The small "Add dealership" dialog of the vehicle form: name and location required, then chosen for the vehicle. */
import { NEW_DEALERSHIP_DIALOG_MESSAGE, newDealershipDialogSchema, type NewDealership } from '@shared/dealerships/schemas';
import { MISSING_INFORMATION_TITLE } from '@shared/validation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { useAddDealership, type DealershipChoice } from '../api/dealership-choices';

/** The dialog's toast group: its success replaces its errors. */
const TOASTS = 'new-dealership';

export function AddDealershipDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (dealership: DealershipChoice) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Add dealership" description="Name and location are required.">
      {open && <AddDealershipForm onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function AddDealershipForm({ onClose, onAdded }: { onClose: () => void; onAdded: (dealership: DealershipChoice) => void }) {
  const form = useZodForm(newDealershipDialogSchema, { defaultValues: { name: '', location: '', contactName: '' } });
  const add = useAddDealership();
  const submit = async (values: NewDealership) => {
    try {
      const dealership = await add.mutateAsync(values);
      toast({ title: 'Dealership created', variant: 'success', group: TOASTS });
      onAdded(dealership);
    } catch (error) {
      toast({ title: 'Error creating dealership', description: (error as Error).message, variant: 'destructive', group: TOASTS });
      throw error;
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={() =>
        toast({
          title: MISSING_INFORMATION_TITLE,
          description: NEW_DEALERSHIP_DIALOG_MESSAGE,
          variant: 'destructive',
          group: TOASTS,
        })
      }
      aria-label="Add dealership"
      style={{ display: 'grid', gap: '1rem' }}
    >
      <TextField name="name" label="Name" autoComplete="organization" />
      <TextField name="location" label="Location" />
      <TextField name="contactName" label="Contact name" optional />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md">
          Add dealership
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
