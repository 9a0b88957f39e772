/**
 * "Invite to portal" (docs/api.md, "Consumers"): by e-mail or SMS, the contact prefilled from the client and
 * validated with the shared invitation schema. Only the field of the chosen channel is shown (and sent); a refused
 * submit toasts "Validation Error" with the first message besides the message on the field. The submit is guarded
 * by the form binding: a double click sends one invitation.
 */
import { useEffect } from 'react';
import type { ClientView } from '@shared/clients/api';
import { INVITATION_TYPES, VALIDATION_ERROR_TITLE, invitationContactSchema } from '@shared/invitations/schemas';
import { Button } from '@web/components/ui/button';
import { choices } from '@web/components/ui/choice';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { RadioGroupField } from '@web/components/ui/radio-group';
import { toast } from '@web/components/ui/toast';
import { useInviteToPortal } from '../api/invite-to-portal';
import styles from './clients.module.css';

const CHANNELS = choices(INVITATION_TYPES, { email: 'Email', sms: 'SMS (text message)' });

/** The row action of the clients table that opens the dialog. */
export function InviteToPortalButton({ client, onClick }: { client: ClientView; onClick: () => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={onClick} aria-label={`Invite ${client.fullName} to portal`}>
      Invite to Portal
    </Button>
  );
}

export interface InviteToPortalDialogProps {
  /** The client to invite; null while the dialog is closed. */
  client: ClientView | null;
  onClose: () => void;
}

export function InviteToPortalDialog({ client, onClose }: InviteToPortalDialogProps) {
  return (
    <Dialog
      open={client !== null}
      onClose={onClose}
      title="Invite to Portal"
      description={client ? `Send ${client.fullName} a link to create their consumer portal account.` : undefined}
    >
      {/* Mounted while open only, so each opening starts from the client's current contact details. */}
      {client && <InviteForm client={client} onDone={onClose} />}
    </Dialog>
  );
}

function InviteForm({ client, onDone }: { client: ClientView; onDone: () => void }) {
  const form = useZodForm(invitationContactSchema, {
    defaultValues: {
      invitationType: client.email || !client.phone ? 'email' : 'sms',
      email: client.email ?? '',
      phone: client.phone ?? '',
    },
  });
  const invite = useInviteToPortal(client.id, { onSuccess: onDone });
  const channel = form.watch('invitationType');

  // The hidden channel's field goes back to the client's own value (valid, or blank) and loses its message, so that
  // something typed there and abandoned cannot block the invitation; it is not sent either (invitationBody).
  const { resetField } = form;
  useEffect(() => {
    resetField(channel === 'sms' ? 'email' : 'phone');
  }, [channel, resetField]);

  return (
    <Form
      form={form}
      aria-label={`Invite ${client.fullName} to the portal`}
      className={styles.form}
      onSubmit={(contact) => invite.mutateAsync(contact)}
      onInvalid={([first]) => {
        if (first) toast({ title: VALIDATION_ERROR_TITLE, description: first.message, variant: 'destructive' });
      }}
    >
      <RadioGroupField name="invitationType" label="Send the invitation by" options={CHANNELS} orientation="horizontal" />
      {channel === 'sms' ? (
        <TextField
          name="phone"
          label="Phone number"
          type="tel"
          autoComplete="off"
          hint="International format, e.g. +15035550100"
        />
      ) : (
        <TextField name="email" label="Email address" type="email" autoComplete="off" />
      )}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Sending...">
          Send Invitation
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
