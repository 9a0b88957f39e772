/**
 * "Invite to portal" (docs/api.md, "Consumers"; docs/security.md, "Ownership"): by e-mail or SMS, to the contact
 * details on file, shown read-only; changing them is an edit of the client ("Edit contact details" opens the client's
 * edit dialog). A channel with nothing on file is refused by the shared rule (`invitationDestination`): the message
 * on the field and the "Validation Error" toast. The consumer will sign in with the e-mail on file, also after an SMS.
 * Offered to the client's broker and admins only (the API refuses anyone else with 403). The submit is guarded by the
 * form binding: a double click sends one invitation.
 */
import { useMemo } from 'react';
import * as z from 'zod';
import type { ClientView } from '@shared/clients/api';
import { formatPhone } from '@shared/format';
import { INVITATION_TYPES, VALIDATION_ERROR_TITLE, invitationDestination } from '@shared/invitations/schemas';
import { Button } from '@web/components/ui/button';
import { choices } from '@web/components/ui/choice';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Form, SubmitButton, useZodForm } from '@web/components/ui/form';
import { Input } from '@web/components/ui/input';
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
  /** Opens the client's edit dialog: where the contact details on file are changed. */
  onEditClient: (client: ClientView) => void;
}

export function InviteToPortalDialog({ client, onClose, onEditClient }: InviteToPortalDialogProps) {
  return (
    <Dialog
      open={client !== null}
      onClose={onClose}
      title="Invite to Portal"
      description={client ? `Send ${client.fullName} a link to create their consumer portal account.` : undefined}
    >
      {/* Mounted while open only, so each opening starts from the client's current contact details. */}
      {client && <InviteForm client={client} onDone={onClose} onEditClient={() => onEditClient(client)} />}
    </Dialog>
  );
}

/** The channel only; the shared rule refuses a channel the client has nothing on file for. */
function inviteFormSchema(client: ClientView) {
  return z.object({ invitationType: z.enum(INVITATION_TYPES) }).superRefine(({ invitationType }, ctx) => {
    const destination = invitationDestination(invitationType, client);
    if (!destination.ok) ctx.addIssue({ code: 'custom', message: destination.message, path: ['invitationType'] });
  });
}

function InviteForm({ client, onDone, onEditClient }: { client: ClientView; onDone: () => void; onEditClient: () => void }) {
  const schema = useMemo(() => inviteFormSchema(client), [client]);
  const form = useZodForm(schema, {
    defaultValues: { invitationType: client.email || !client.phone ? 'email' : 'sms' },
  });
  const invite = useInviteToPortal(client.id, { onSuccess: onDone });
  const channel = form.watch('invitationType');

  return (
    <Form
      form={form}
      aria-label={`Invite ${client.fullName} to the portal`}
      className={styles.form}
      onSubmit={(request) => invite.mutateAsync(request)}
      onInvalid={([first]) => {
        if (first) toast({ title: VALIDATION_ERROR_TITLE, description: first.message, variant: 'destructive' });
      }}
    >
      <RadioGroupField name="invitationType" label="Send the invitation by" options={CHANNELS} orientation="horizontal" />
      {channel === 'sms' ? (
        <OnFile label="Phone number" value={client.phone ? formatPhone(client.phone) : null} missing="No phone number on file" />
      ) : (
        <OnFile label="Email address" value={client.email} missing="No email address on file" />
      )}
      <p className={styles.muted}>
        {client.email
          ? `${client.fullName} will sign in with ${client.email}.`
          : 'The portal account needs an email address on file to sign in with.'}{' '}
        <Button type="button" variant="link" size="sm" onClick={onEditClient}>
          Edit contact details
        </Button>
      </p>
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

/** A contact detail on file: read-only (selectable, copyable), or the note that there is none. */
function OnFile({ label, value, missing }: { label: string; value: string | null; missing: string }) {
  if (!value) return <p className={styles.muted}>{missing}.</p>;
  return <Field label={label}>{(control) => <Input {...control} readOnly value={value} />}</Field>;
}
