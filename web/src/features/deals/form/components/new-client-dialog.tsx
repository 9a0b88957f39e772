/**
 * The "New Client" dialog of the create-deal form (shared/clients/schemas.ts): full name and e-mail required ("Please
 * provide client name and email"), phone optional. The client it creates becomes the deal's client. It renders outside
 * the deal form (forms do not nest).
 */
import { NEW_CLIENT_DIALOG_REQUIRED_MESSAGE, newClientDialogSchema, type NewClient } from '@shared/clients/schemas';
import { Button } from '@web/components/ui/button';
import type { Choice } from '@web/components/ui/choice';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { clientChoice, useAddClient } from '../api/deal-form-choices';
import { invalidToast } from '../invalid-toast';

/** The dialog's toast group: its success replaces its errors. */
const TOASTS = 'new-client';

export interface NewClientDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (client: Choice) => void;
}

export function NewClientDialog({ open, onClose, onAdded }: NewClientDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="New Client" description="Full name and email are required; phone is optional.">
      {open && <NewClientForm onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function NewClientForm({ onClose, onAdded }: Omit<NewClientDialogProps, 'open'>) {
  const form = useZodForm(newClientDialogSchema, { defaultValues: { fullName: '', email: '', phone: '' } });
  const add = useAddClient();
  const submit = async (values: NewClient) => {
    try {
      const client = await add.mutateAsync(values);
      toast({
        title: 'Client created',
        description: `${client.fullName} is the deal's client.`,
        variant: 'success',
        group: TOASTS,
      });
      onAdded(clientChoice(client));
    } catch (error) {
      toast({ title: 'Error creating client', description: (error as Error).message, variant: 'destructive', group: TOASTS });
      throw error;
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={(invalid) => toast({ ...invalidToast(invalid, NEW_CLIENT_DIALOG_REQUIRED_MESSAGE), group: TOASTS })}
      aria-label="New client"
      style={{ display: 'grid', gap: '1rem' }}
    >
      <TextField name="fullName" label="Full name" autoComplete="off" />
      <TextField name="email" label="Email" type="email" autoComplete="off" />
      <TextField name="phone" label="Phone" type="tel" optional autoComplete="off" />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Creating...">
          Create Client
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
