/**
 * Admins only (the API sends the list to no one else): payments the provider reported that did not mark the
 * concierge fee paid, each with what was received and what was due, and the admin's two ways to settle one:
 * "Mark fee paid" (the payment is accepted as the fee) or "Dismiss" (refunded, or paying nothing here), each with a
 * note that goes on the activity trail. The request carries the deal revision shown, so a second click or a second
 * admin changes nothing twice (the API answers 409 and the page reloads the deal).
 */
import { useState } from 'react';
import type { PaymentToReview } from '@shared/deals/api';
import { formatDateTime } from '@shared/format';
import { PAYMENT_RESOLUTION_LABELS, resolvePaymentRequestSchema, type PaymentResolution } from '@shared/payments/api';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextAreaField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { useResolvePayment } from '../api/resolve-payment';
import { paymentToReviewNotice } from '../deal-format';
import styles from './deals.module.css';

const noteSchema = resolvePaymentRequestSchema.pick({ note: true });

/** What each action's dialog says and asks. */
const ACTIONS: Record<PaymentResolution, { button: string; title: string; description: string; hint: string }> = {
  mark_paid: {
    button: 'Mark fee paid',
    title: 'Mark the concierge fee paid',
    description: 'This payment will count as the concierge fee: the fee reads paid and the client is not asked again.',
    hint: 'E.g. the difference was settled with the client.',
  },
  dismiss: {
    button: 'Dismiss',
    title: 'Dismiss this payment',
    description: 'The payment leaves this list and the fee stays as it is.',
    hint: 'E.g. refunded in the payment provider’s dashboard.',
  },
};

export function PaymentsToReview({
  dealId,
  revision,
  feePaid,
  payments,
}: {
  dealId: string;
  /** The deal revision the page shows: a resolution applies to it only. */
  revision: number;
  /** Whether the fee reads paid now: then a payment can only be dismissed (once refunded). */
  feePaid: boolean;
  payments: readonly PaymentToReview[];
}) {
  const [resolving, setResolving] = useState<{ payment: PaymentToReview; resolution: PaymentResolution } | null>(null);
  if (payments.length === 0) return null;
  return (
    <section role="alert" aria-labelledby="payments-to-review" className={styles.paymentReview}>
      <h2 id="payments-to-review">Concierge fee payment to review</h2>
      <ul>
        {payments.map((payment) => (
          <li key={payment.eventId} className={styles.paymentReviewItem}>
            <span>
              {paymentToReviewNotice(payment)} (provider event {payment.eventId},{' '}
              <time dateTime={payment.receivedAt}>{formatDateTime(payment.receivedAt)}</time>)
            </span>
            <span className={styles.paymentReviewActions}>
              {!payment.feeAlreadyPaid && !feePaid && (
                <Button size="sm" onClick={() => setResolving({ payment, resolution: 'mark_paid' })}>
                  {ACTIONS.mark_paid.button}
                </Button>
              )}
              <Button size="sm" variant="secondary" onClick={() => setResolving({ payment, resolution: 'dismiss' })}>
                {ACTIONS.dismiss.button}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Dialog
        open={resolving !== null}
        onClose={() => setResolving(null)}
        title={resolving ? ACTIONS[resolving.resolution].title : ''}
        description={resolving ? ACTIONS[resolving.resolution].description : undefined}
      >
        {resolving && (
          <ResolveForm
            dealId={dealId}
            revision={revision}
            payment={resolving.payment}
            resolution={resolving.resolution}
            onClose={() => setResolving(null)}
          />
        )}
      </Dialog>
    </section>
  );
}

function ResolveForm({
  dealId,
  revision,
  payment,
  resolution,
  onClose,
}: {
  dealId: string;
  revision: number;
  payment: PaymentToReview;
  resolution: PaymentResolution;
  onClose: () => void;
}) {
  const form = useZodForm(noteSchema, { defaultValues: { note: '' } });
  const resolve = useResolvePayment(dealId);
  const action = ACTIONS[resolution];
  const submit = async ({ note }: { note: string }) => {
    try {
      await resolve.mutateAsync({ eventId: payment.eventId, resolution, note, revision });
      toast({ title: 'Payment resolved', description: PAYMENT_RESOLUTION_LABELS[resolution], variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: 'Error resolving payment', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label={action.title} style={{ display: 'grid', gap: '1rem' }}>
      <TextAreaField name="note" label="Reason" hint={action.hint} rows={3} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          {action.button}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
