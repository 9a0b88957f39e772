/**
 * The admin's add and edit dialog: every field of a dealership (shared/dealerships/schemas.ts), validated with the
 * shared schema. A refused submit toasts "Missing information" / "Name and location are required" (or the first other
 * message); a failed save keeps the dialog open with everything typed.
 */
import type { DealershipView } from '@shared/dealerships/api';
import {
  completeWebsite,
  DEALERSHIP_REQUIRED_MESSAGE,
  dealershipSchema,
  type DealershipInput,
} from '@shared/dealerships/schemas';
import { MISSING_INFORMATION_TITLE } from '@shared/validation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, NumberField, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { DEALERSHIP_FORM_TOASTS, useCreateDealership, useUpdateDealership } from '../api/dealerships';

export interface DealershipFormDialogProps {
  open: boolean;
  /** The dealership to edit; absent to add one. */
  dealership?: DealershipView;
  onClose: () => void;
}

function defaults(dealership?: DealershipView): DealershipInput {
  return {
    name: dealership?.name ?? '',
    location: dealership?.location ?? '',
    contactName: dealership?.contactName ?? '',
    contactEmail: dealership?.contactEmail ?? '',
    contactPhone: dealership?.contactPhone ?? '',
    leadEmail: dealership?.leadEmail ?? '',
    website: dealership?.website ?? '',
    responseTimeHours: dealership?.responseTimeHours ?? undefined,
    successRate: dealership?.successRate ?? undefined,
    notes: dealership?.notes ?? '',
  };
}

export function DealershipFormDialog({ open, dealership, onClose }: DealershipFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={dealership ? 'Edit Dealership' : 'Add Dealership'}>
      {/* Mounted while open only, so each opening starts from the dealership's current values. */}
      {open && <DealershipForm dealership={dealership} onDone={onClose} />}
    </Dialog>
  );
}

function DealershipForm({ dealership, onDone }: { dealership?: DealershipView; onDone: () => void }) {
  const form = useZodForm(dealershipSchema, { defaultValues: defaults(dealership) });
  const create = useCreateDealership({ onSuccess: onDone });
  const update = useUpdateDealership({ onSuccess: onDone });

  return (
    <Form
      form={form}
      aria-label={dealership ? 'Edit dealership' : 'Add dealership'}
      onSubmit={(values) =>
        dealership ? update.mutateAsync({ id: dealership.id, changes: values }) : create.mutateAsync(values)
      }
      onInvalid={([first]) => {
        if (!first) return;
        toast({
          title: first.message === DEALERSHIP_REQUIRED_MESSAGE ? MISSING_INFORMATION_TITLE : 'Invalid input',
          description: first.message,
          variant: 'destructive',
          group: DEALERSHIP_FORM_TOASTS,
        });
      }}
    >
      <TextField name="name" label="Name" maxLength={100} autoComplete="organization" />
      <TextField name="location" label="Location" maxLength={200} />
      <TextField name="contactName" label="Contact name" optional maxLength={100} />
      <TextField name="contactEmail" label="Contact email" optional type="email" autoComplete="off" />
      <TextField name="contactPhone" label="Contact phone" optional type="tel" autoComplete="off" />
      <TextField
        name="leadEmail"
        label="Lead e-mail address"
        optional
        type="email"
        autoComplete="off"
        hint="The dealership's CRM lead inbox: Send to dealer e-mails deals here as ADF/XML"
      />
      <TextField name="website" label="Website" optional type="url" placeholder="https://" complete={completeWebsite} />
      <NumberField name="responseTimeHours" label="Response time (hours)" optional hint="Steps of 0.1 hours" step={0.1} min={0} />
      <NumberField
        name="successRate"
        label="Success rate (%)"
        optional
        hint="0 to 100, steps of 0.01"
        step={0.01}
        min={0}
        max={100}
      />
      <TextField name="notes" label="Notes" optional maxLength={2000} />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          {dealership ? 'Save Changes' : 'Add Dealership'}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
