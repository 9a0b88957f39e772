/**
 * The "New Dealership" dialog of the deal form: name and location required ("Please provide dealership name and
 * location"), contact optional. The dealership it creates becomes the deal's dealership. It renders outside the
 * deal form (forms do not nest).
 */
import { NEW_DEALERSHIP_DIALOG_MESSAGE, newDealershipDialogSchema, type NewDealership } from '@shared/dealerships/schemas';
import { Button } from '@web/components/ui/button';
import type { Choice } from '@web/components/ui/choice';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { dealershipChoice, useAddDealership } from '../api/deal-form-choices';
import { invalidToast } from '../invalid-toast';

/** The dialog's toast group: its success replaces its errors. */
const TOASTS = 'new-dealership';

export interface NewDealershipDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (dealership: Choice) => void;
}

export function NewDealershipDialog({ open, onClose, onAdded }: NewDealershipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="New Dealership" description="Name and location are required.">
      {open && <NewDealershipForm onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function NewDealershipForm({ onClose, onAdded }: Omit<NewDealershipDialogProps, 'open'>) {
  const form = useZodForm(newDealershipDialogSchema, { defaultValues: { name: '', location: '', contactName: '' } });
  const add = useAddDealership();
  const submit = async (values: NewDealership) => {
    try {
      const dealership = await add.mutateAsync(values);
      toast({
        title: 'Dealership created',
        description: `${dealership.name} is the deal's dealership.`,
        variant: 'success',
        group: TOASTS,
      });
      onAdded(dealershipChoice(dealership));
    } catch (error) {
      toast({ title: 'Error creating dealership', description: (error as Error).message, variant: 'destructive', group: TOASTS });
      throw error;
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={(invalid) => toast({ ...invalidToast(invalid, NEW_DEALERSHIP_DIALOG_MESSAGE), group: TOASTS })}
      aria-label="New dealership"
      style={{ display: 'grid', gap: '1rem' }}
    >
      <TextField name="name" label="Dealership name" autoComplete="organization" />
      <TextField name="location" label="Location" />
      <TextField name="contactName" label="Contact name" optional />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Creating...">
          Create Dealership
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
