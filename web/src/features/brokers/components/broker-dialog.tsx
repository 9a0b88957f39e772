/**
 * The approve/edit dialog of /admin/brokers: approval, commission type and value, licence number and expiration
 * and the licensed flag, saved together (docs/decisions.md, "Brokers"), checked by the shared schema with each message
 * on its field; below the form, every earlier approval change (who, when, before and after). The dialog reads the
 * broker afresh when it opens, so it edits what the table holds, not a list row that may be stale.
 *
 * A failed save keeps the dialog open with everything chosen; the mutation toasts "Error updating broker" with the
 * server's message.
 */
import { useId } from 'react';
import { COMMISSION_TYPES, COMMISSION_TYPE_LABELS } from '@shared/brokers/enums';
import {
  LICENSE_NUMBER_MAX,
  updateBrokerRequestSchema,
  type BrokerApprovalEntry,
  type BrokerDetailResponse,
} from '@shared/brokers/api';
import { formatDateTime, formatPhone } from '@shared/format';
import { INVALID_INPUT } from '@shared/validation';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox';
import { choices } from '@web/components/ui/choice';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, NumberField, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { RadioGroupField } from '@web/components/ui/radio-group';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useBrokerDetail, useUpdateBroker } from '../api/admin-brokers';
import { useOpenLicence } from '../api/profile';
import { historyAction, standingChanges } from '../broker-format';
import styles from './brokers.module.css';
import { SwitchField } from './switch-field';

export interface BrokerDialogTarget {
  id: string;
  fullName: string;
  /** "approve" opens a pending broker with the switch already on: the admin came to approve. */
  intent: 'approve' | 'edit';
}

export function BrokerDialog({ target, onClose }: { target: BrokerDialogTarget | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={target !== undefined}
      onClose={onClose}
      title={target ? `${target.intent === 'approve' ? 'Approve' : 'Edit'} ${target.fullName}` : 'Broker'}
      description="Approval, commission and license are saved together."
    >
      {/* Mounted while open only, so each opening starts from the broker as the table holds it now. */}
      {target && <BrokerDialogBody target={target} onDone={onClose} />}
    </Dialog>
  );
}

function BrokerDialogBody({ target, onDone }: { target: BrokerDialogTarget; onDone: () => void }) {
  const detail = useBrokerDetail(target.id);
  // Data first: once the form is shown, a reload of the broker (a reconnect, a failed one) never swaps it for the
  // error or loading panel, which would drop what the admin typed (docs/decisions.md, "Web", "Forms keep what was
  // typed").
  if (detail.data) {
    return (
      <div className={styles.form}>
        <BrokerForm detail={detail.data} intent={target.intent} onDone={onDone} />
        <ApprovalHistory history={detail.data.history} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className={styles.empty}>
        <p>Error loading brokers</p>
        <p>{detail.error.message}</p>
        <Button variant="secondary" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <LoadingBlock label="Loading broker" />;
}

function BrokerForm({
  detail: { broker },
  intent,
  onDone,
}: {
  detail: BrokerDetailResponse;
  intent: BrokerDialogTarget['intent'];
  onDone: () => void;
}) {
  const form = useZodForm(updateBrokerRequestSchema, {
    defaultValues: {
      isApproved: intent === 'approve' ? true : broker.isApproved,
      isLicensed: broker.isLicensed,
      // Approving starts from a percentage (the commission field's label already reads "% of fees").
      commissionType: broker.commissionType ?? (intent === 'approve' ? 'percentage' : undefined),
      commissionValue: broker.commissionValue ?? undefined,
      licenseNumber: broker.licenseNumber ?? '',
      licenseExpirationDate: broker.licenseExpirationDate ?? '',
    },
  });
  const update = useUpdateBroker({ onSuccess: onDone });
  const openLicence = useOpenLicence();
  const commissionType = form.watch('commissionType');
  // Approving without "Licensed" is allowed (the licence may come later) but must not pass in silence: the admin is
  // told.
  const approvedUnlicensed = form.watch('isApproved') === true && form.watch('isLicensed') !== true;

  return (
    <Form
      form={form}
      aria-label={`${intent === 'approve' ? 'Approve' : 'Edit'} broker`}
      className={styles.form}
      onSubmit={(changes) => update.mutateAsync({ id: broker.id, changes })}
      onInvalid={([first]) => {
        if (first) toast({ title: INVALID_INPUT, description: first.message, variant: 'destructive' });
      }}
    >
      <p className={styles.muted}>
        {broker.email}
        {broker.phone && ` · ${formatPhone(broker.phone)}`}
      </p>
      <SwitchField name="isApproved" label="Approved" on="Yes" off="No" />
      <RadioGroupField
        name="commissionType"
        label="Commission type"
        orientation="horizontal"
        options={choices(COMMISSION_TYPES, COMMISSION_TYPE_LABELS)}
      />
      <NumberField
        name="commissionValue"
        label={commissionType === 'flat' ? 'Commission per closed deal ($)' : 'Commission (% of fees)'}
        hint={commissionType === 'flat' ? 'Whole dollars or cents, e.g. 250' : 'A percentage of the month’s fees, e.g. 10'}
      />
      <div className={styles.formRow}>
        <TextField name="licenseNumber" label="License number" optional autoComplete="off" maxLength={LICENSE_NUMBER_MAX} />
        <TextField name="licenseExpirationDate" label="License expiration" optional type="date" />
      </div>
      <CheckboxField
        name="isLicensed"
        label="Licensed"
        hint="A broker creates deals only when approved and licensed, with a license number and an expiration date that has not passed (the daily check un-licenses expired ones)."
      />
      {/* Always in the DOM (a live region created with its content is often not announced); filled when it applies. */}
      <p role="status" className={approvedUnlicensed ? styles.licenceNote : undefined}>
        {approvedUnlicensed &&
          `Not licensed: ${broker.fullName} can sign in but cannot create deals until licensed. Tick Licensed and add the license number and expiration date when you have them.`}
      </p>
      {broker.hasLicenseDocument && (
        <div>
          <Button variant="link" isLoading={openLicence.isPending} onClick={() => openLicence.mutate(broker.id)}>
            View license document
          </Button>
        </div>
      )}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          {intent === 'approve' ? 'Save Approval' : 'Save Changes'}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}

function ApprovalHistory({ history }: { history: readonly BrokerApprovalEntry[] }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.figureTitle}>
        Approval history
      </h3>
      {history.length === 0 ? (
        <p className={styles.muted}>No approval changes yet.</p>
      ) : (
        <ol className={styles.history}>
          {history.map((entry) => (
            <li key={`${entry.at}-${entry.by.id}`} className={styles.historyEntry}>
              <p>
                <strong>{historyAction(entry.before, entry.after)}</strong> by {entry.by.fullName},{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              <ul className={styles.historyChanges}>
                {standingChanges(entry.before, entry.after).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
