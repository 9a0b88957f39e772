/**
 * The clients page's add and edit dialog: every client rule, from the shared schema (shared/clients/schemas.ts), each
 * message on its field. A refused submit also toasts the first message ("Missing information" / "Name and email
 * are required" when name or e-mail is missing). Saving shows "Saving..." on the button; a failed save keeps the
 * dialog open with everything typed (the mutation toasts "Error creating client" / "Error updating client"), and an
 * e-mail another client has lands on the e-mail field. An admin's edit also offers the client's broker (a move to
 * another approved, licensed broker, recorded on the client's trail: docs/security.md, "Ownership").
 */
import { useController } from 'react-hook-form';
import * as z from 'zod';
import { CLIENT_EMAIL_TAKEN_MESSAGE, type ClientView } from '@shared/clients/api';
import { CLIENT_FORM_REQUIRED_MESSAGE, clientSchema } from '@shared/clients/schemas';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, TEXT_LIMITS } from '@shared/constants';
import { INVALID_INPUT, MISSING_INFORMATION_TITLE } from '@shared/validation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, NumberField, SubmitButton, TextAreaField, TextField, useZodForm } from '@web/components/ui/form';
import { Field } from '@web/components/ui/field';
import inputStyles from '@web/components/ui/input.module.css';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { CLIENT_FORM_TOASTS, useAssignableBrokers, useCreateClient, useUpdateClient } from '../api/clients';
import { clientFormValues } from '../client-form-values';
import styles from './clients.module.css';

export interface ClientFormDialogProps {
  open: boolean;
  /** The client to edit; absent to add one. */
  client?: ClientView;
  /** An admin: the edit offers the client's broker. */
  mayReassign?: boolean;
  onClose: () => void;
}

/** The form's values: the client's fields, and its broker (an admin's edit only). */
const clientFormSchema = clientSchema.extend({ profileId: z.string().optional() });

export function ClientFormDialog({ open, client, mayReassign = false, onClose }: ClientFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={client ? 'Edit Client' : 'Add Client'}>
      {/* Mounted while open only, and once per client, so each opening starts from that client's current values. */}
      {open && <ClientForm key={client?.id ?? 'new'} client={client} mayReassign={mayReassign && !!client} onDone={onClose} />}
    </Dialog>
  );
}

function ClientForm({ client, mayReassign, onDone }: { client?: ClientView; mayReassign: boolean; onDone: () => void }) {
  const form = useZodForm(clientFormSchema, { defaultValues: { ...clientFormValues(client), profileId: client?.profileId } });
  const create = useCreateClient({ onSuccess: onDone });
  const update = useUpdateClient({ onSuccess: onDone });

  return (
    <Form
      form={form}
      aria-label={client ? 'Edit client' : 'Add client'}
      className={styles.form}
      onSubmit={async ({ profileId, ...values }) => {
        try {
          // The broker goes with the edit only when an admin chose another (a broker's edit never names one).
          const moves = mayReassign && profileId && profileId !== client?.profileId;
          await (client
            ? update.mutateAsync({ id: client.id, changes: moves ? { ...values, profileId } : values })
            : create.mutateAsync(values));
        } catch (error) {
          // The API's 409 names no field; the e-mail is the one a taken address is about.
          if (isApiError(error) && error.status === 409 && error.message === CLIENT_EMAIL_TAKEN_MESSAGE) {
            form.setError('email', { type: 'server', message: error.message });
            form.setFocus('email');
          }
          throw error;
        }
      }}
      onInvalid={([first]) => {
        if (!first) return;
        toast({
          title: first.message === CLIENT_FORM_REQUIRED_MESSAGE ? MISSING_INFORMATION_TITLE : INVALID_INPUT,
          description: first.message,
          variant: 'destructive',
          group: CLIENT_FORM_TOASTS,
        });
      }}
    >
      <TextField name="fullName" label="Full name" autoComplete="off" />
      <TextField name="email" label="Email" type="email" autoComplete="off" />
      <TextField
        name="phone"
        label="Phone"
        optional
        type="tel"
        autoComplete="off"
        hint="International format, e.g. +15035550100"
      />
      <div className={styles.formRow}>
        <NumberField
          name="creditScore"
          label="Credit score"
          optional
          integer
          hint={`A whole number, ${CREDIT_SCORE_MIN} to ${CREDIT_SCORE_MAX}`}
        />
        <TextField name="dateOfBirth" label="Date of birth" optional type="date" />
      </div>
      <TextField name="address" label="Address" optional autoComplete="off" hint={`Up to ${TEXT_LIMITS.address} characters`} />
      <TextField name="preferredMakes" label="Preferred makes" optional hint="Separated by commas, e.g. Toyota, BMW" />
      <TextAreaField name="notes" label="Notes" optional hint={`Up to ${TEXT_LIMITS.clientNotes} characters`} />
      {mayReassign && client && <BrokerField currentId={client.profileId} />}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          {client ? 'Save Changes' : 'Add Client'}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}

/**
 * The client's broker (admins): the approved, licensed brokers, and the current one even when not among them. A native
 * select: a popup portalled out of the modal <dialog> would sit behind it, inert.
 */
function BrokerField({ currentId }: { currentId: string }) {
  const brokers = useAssignableBrokers(true);
  const { field, fieldState } = useController({ name: 'profileId' });
  const options = (brokers.data?.brokers ?? []).map((broker) => ({ value: broker.id, label: broker.fullName }));
  if (!options.some((option) => option.value === currentId)) options.unshift({ value: currentId, label: 'Current broker' });
  return (
    <Field
      name="profileId"
      label="Broker"
      error={fieldState.error?.message}
      hint="Moving the client to another broker is recorded on the client's history."
    >
      {(control) => (
        <select
          {...control}
          ref={field.ref}
          name="profileId"
          className={inputStyles.input}
          value={(field.value as string | undefined) ?? currentId}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
