/**
 * The concierge fee of a deal: "Pay Concierge Fee $X" when the API offers the payment (finalized, above 0, not
 * paid), "Paid" once paid, and nothing while no fee applies (none set, or waived at $0). The button is disabled
 * while the brokering agreement waits for the consumer's signature (docs/decisions.md, "Agreements").
 */
import { useState } from 'react';
import type { ConsumerPortalDeal } from '@shared/consumers/api';
import { formatMoneyWhole } from '@shared/format';
import { PAID_LABEL } from '@shared/payments/api';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/section-card';
import styles from './consumers.module.css';

export function ConciergeFeeCard({
  deal,
  onPay,
  awaitingSignature = false,
}: {
  deal: Pick<ConsumerPortalDeal, 'id' | 'conciergeFee' | 'conciergeFeePaid' | 'paymentOffered'>;
  onPay: (dealId: string) => Promise<void>;
  /** The brokering agreement is not signed yet and the company requires it: the API would refuse the payment. */
  awaitingSignature?: boolean;
}) {
  const [opening, setOpening] = useState(false);
  if (!deal.paymentOffered && !(deal.conciergeFeePaid && deal.conciergeFee > 0)) return null;
  const fee = formatMoneyWhole(deal.conciergeFee);

  return (
    <SectionCard title="Concierge Fee">
      <div className={styles.stack}>
        <p className={styles.fee}>{fee}</p>
        {deal.conciergeFeePaid ? (
          <p>
            <Badge variant="success">{PAID_LABEL}</Badge>
          </p>
        ) : (
          <>
            <p className={styles.muted}>
              {awaitingSignature
                ? 'Sign the brokering agreement above before paying the concierge fee.'
                : 'Pay securely with our payment partner; the checkout opens in a new tab.'}
            </p>
            <Button
              isLoading={opening}
              disabled={awaitingSignature}
              onClick={() => {
                setOpening(true);
                // Called in the click itself: the checkout tab is opened before the request (popup blockers).
                void onPay(deal.id).finally(() => setOpening(false));
              }}
            >
              Pay Concierge Fee {fee}
            </Button>
          </>
        )}
      </div>
    </SectionCard>
  );
}
