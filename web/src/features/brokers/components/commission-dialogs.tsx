/**
 * The payroll screen's two writes (docs/decisions.md, "Commission ledger"): "Mark paid" (payout date and reference,
 * showing the closing balance being paid and sending it, so a statement that changed meanwhile is refused and shown
 * afresh) and "Add adjustment" (a bonus, spiff or chargeback with its reason, in the broker's open month). Both are
 * checked by the shared schemas, focus their first invalid field and are guarded from the first click (<Form>).
 */
import { payoutCents } from '@shared/brokers/commission';
import {
  ADJUSTMENT_REASON_MAX,
  PAYOUT_REFERENCE_MAX,
  adjustmentRequestSchema,
  payoutRequestSchema,
  type StatementTotals,
} from '@shared/brokers/commission-api';
import { ADJUSTMENT_KINDS, COMMISSION_ENTRY_KIND_LABELS } from '@shared/brokers/enums';
import { INVALID_INPUT } from '@shared/validation';
import { Button } from '@web/components/ui/button';
import { choices } from '@web/components/ui/choice';
import { ComboboxField } from '@web/components/ui/combobox';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, NumberField, SubmitButton, TextAreaField, TextField, useZodForm } from '@web/components/ui/form';
import { RadioGroupField } from '@web/components/ui/radio-group';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import type { FieldMessage } from '@web/components/ui/form-rules';
import { useAddAdjustment, useMarkPaid } from '../api/commission';
import { canMarkPaid, formatCents, payoutLine, payoutState } from '../commission-format';
import { monthLabel, type MonthKey } from '../month';
import styles from './commission.module.css';

const toastFirstInvalid = ([first]: FieldMessage[]) => {
  if (first) toast({ title: INVALID_INPUT, description: first.message, variant: 'destructive' });
};

/**
 * A failed write has already been toasted by its mutation; only messages the form can put on its own fields go
 * back to it (a refusal about the month or the balance has no field here).
 */
function keepFieldErrors(fields: readonly string[]) {
  return (error: unknown) => {
    if (isApiError(error) && error.fields && Object.keys(error.fields).some((name) => fields.includes(name))) throw error;
  };
}

const payoutFormSchema = payoutRequestSchema.pick({ paidOn: true, reference: true });

/** Today in the admin's own calendar, as the date input writes it. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * `statement` is the payroll row as the screen holds it now: after a 409 the screen reloads and the dialog shows the
 * new balance, which the next submit sends.
 */
export function PayoutDialog({
  statement,
  currentMonth,
  onClose,
}: {
  statement: StatementTotals | undefined;
  currentMonth: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={statement !== undefined}
      onClose={onClose}
      title={statement ? `Mark paid: ${statement.fullName}` : 'Mark paid'}
      description={statement ? `The statement of ${monthLabel(statement.month as MonthKey)}.` : undefined}
    >
      {statement && <PayoutForm statement={statement} currentMonth={currentMonth} onDone={onClose} />}
    </Dialog>
  );
}

function PayoutForm({
  statement,
  currentMonth,
  onDone,
}: {
  statement: StatementTotals;
  currentMonth: string;
  onDone: () => void;
}) {
  const form = useZodForm(payoutFormSchema, { defaultValues: { paidOn: today(), reference: '' } });
  const markPaid = useMarkPaid({ onSuccess: onDone });
  const paying = payoutCents(statement);
  const payable = canMarkPaid(statement, currentMonth);

  return (
    <Form
      form={form}
      aria-label="Mark paid"
      className={styles.form}
      onInvalid={toastFirstInvalid}
      onSubmit={(values) =>
        markPaid
          .mutateAsync({
            brokerId: statement.brokerId,
            month: statement.month,
            ...values,
            expectedCents: statement.closingCents,
          })
          .catch(keepFieldErrors(['paidOn', 'reference']))
      }
    >
      <dl className={styles.dialogFigures} aria-label="Statement being paid">
        <dt>Closing balance</dt>
        <dd>{formatCents(statement.closingCents)}</dd>
        <dt>Paid now</dt>
        <dd>{formatCents(paying)}</dd>
      </dl>
      {statement.closingCents < 0 && (
        <p>The broker owes {formatCents(-statement.closingCents)}: nothing is paid and the balance carries on.</p>
      )}
      {!payable && (
        <p role="status">
          {payoutState(statement, currentMonth)}
          {statement.payout && `: ${payoutLine(statement.payout)}`}
        </p>
      )}
      <TextField name="paidOn" label="Payout date" type="date" />
      <TextField
        name="reference"
        label="Payout reference"
        hint="The check or transfer number."
        autoComplete="off"
        maxLength={PAYOUT_REFERENCE_MAX}
      />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving..." disabled={!payable}>
          Mark Paid
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}

export function AdjustmentDialog({
  open,
  brokers,
  onClose,
}: {
  open: boolean;
  brokers: readonly Pick<StatementTotals, 'brokerId' | 'fullName'>[];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add adjustment"
      description="A bonus, spiff or chargeback, added to the broker's open month with its reason."
    >
      {open && <AdjustmentForm brokers={brokers} onDone={onClose} />}
    </Dialog>
  );
}

function AdjustmentForm({
  brokers,
  onDone,
}: {
  brokers: readonly Pick<StatementTotals, 'brokerId' | 'fullName'>[];
  onDone: () => void;
}) {
  const form = useZodForm(adjustmentRequestSchema, { defaultValues: { kind: 'bonus', reason: '' } });
  const add = useAddAdjustment({ onSuccess: onDone });
  const names = new Map(brokers.map((broker) => [broker.brokerId, broker.fullName]));

  return (
    <Form
      form={form}
      aria-label="Add adjustment"
      className={styles.form}
      onInvalid={toastFirstInvalid}
      onSubmit={(values) =>
        add
          .mutateAsync({ ...values, fullName: names.get(values.brokerId) ?? 'the broker' })
          .catch(keepFieldErrors(['brokerId', 'kind', 'amount', 'reason']))
      }
    >
      {/* A combobox, not a select: its list opens inside the modal dialog (a select's portal would sit behind it). */}
      <ComboboxField
        name="brokerId"
        label="Broker"
        placeholder="Select a broker"
        searchLabel="Search brokers"
        options={brokers.map((broker) => ({ value: broker.brokerId, label: broker.fullName }))}
      />
      <RadioGroupField
        name="kind"
        label="Kind"
        orientation="horizontal"
        options={choices(ADJUSTMENT_KINDS, COMMISSION_ENTRY_KIND_LABELS)}
      />
      <NumberField name="amount" label="Amount ($)" hint="A chargeback is taken off the balance." decimals={2} />
      <TextAreaField name="reason" label="Reason" hint={`Up to ${ADJUSTMENT_REASON_MAX} characters, shown on the statement.`} />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          Add Adjustment
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
