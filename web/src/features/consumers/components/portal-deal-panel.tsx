/**
 * One deal of the consumer portal: the car and its terms, the dealership's contact, the brokering agreement to sign,
 * the concierge fee, the broker's
 * proposals (accept or ask a question) and, on a closed deal, refer a friend. What is offered comes from the API (paymentOffered, referralOffered), which
 * decides it from the deal's state; the screen only shows it.
 */
import { Link } from 'react-router';
import type { ConsumerPortalDeal } from '@shared/consumers/api';
import { DEAL_STATUS_LABELS, DEAL_TYPE_LABELS } from '@shared/deals/enums';
import { formatMileage, formatMoneyCents, formatPercent } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { buttonClassName } from '@web/components/ui/button';
import { awaitsSignature, useConsumerAgreement } from '../api/consumer-agreement';
import { AgreementCard } from './agreement-card';
import { ConciergeFeeCard } from './concierge-fee-card';
import { ConsumerProposalsCard } from './consumer-proposals-card';
import { ContactLink, Facts, SectionCard, orDash } from '@web/components/ui/section-card';
import { ReferFriendCard } from './refer-friend-card';
import { VehicleImage } from './vehicle-image';
import styles from './consumers.module.css';

export function carName(deal: Pick<ConsumerPortalDeal, 'year' | 'make' | 'model'>): string {
  return `${deal.year} ${deal.make} ${deal.model}`;
}

export function PortalDealPanel({ deal, onPay }: { deal: ConsumerPortalDeal; onPay: (dealId: string) => Promise<void> }) {
  const name = carName(deal);
  // The brokering agreement comes before the fee while the company requires it (docs/decisions.md, "Agreements").
  const agreement = useConsumerAgreement(deal.id);
  return (
    <div className={styles.deal}>
      <div className={styles.column}>
        <div className={styles.titleRow}>
          <h2 className={styles.carName}>
            {name}
            {deal.trim ? ` ${deal.trim}` : ''}
          </h2>
          <Badge variant="primary">{DEAL_STATUS_LABELS[deal.status]}</Badge>
        </div>
        <div className={styles.hero}>
          <VehicleImage src={deal.imageUrl} alt={name} />
        </div>
        <SectionCard title="Deal Information">
          <Facts
            rows={[
              ['Deal type', DEAL_TYPE_LABELS[deal.dealType]],
              ['Monthly payment', formatMoneyCents(deal.monthlyPayment)],
              ['Down payment', formatMoneyCents(deal.downPayment)],
              ['Term', `${deal.termMonths} months`],
              ['Mileage allowance', deal.mileageAllowance == null ? '—' : formatMileage(deal.mileageAllowance)],
              ['APR', deal.apr == null ? '—' : formatPercent(deal.apr, 2)],
            ]}
          />
        </SectionCard>
        <Link to={`/deals/${encodeURIComponent(deal.id)}`} className={buttonClassName({ variant: 'secondary' })}>
          View Full Deal Details
        </Link>
      </div>
      <div className={styles.column}>
        {agreement.data && <AgreementCard dealId={deal.id} agreement={agreement.data} />}
        <ConciergeFeeCard deal={deal} onPay={onPay} awaitingSignature={awaitsSignature(agreement.data)} />
        <ConsumerProposalsCard dealId={deal.id} />
        <SectionCard title="Dealership">
          {deal.dealership ? (
            <Facts
              rows={[
                ['Name', deal.dealership.name],
                ['Location', orDash(deal.dealership.location)],
                ['Contact', orDash(deal.dealership.contactName)],
                ['Phone', <ContactLink kind="tel" value={deal.dealership.contactPhone} />],
                ['Email', <ContactLink kind="mailto" value={deal.dealership.contactEmail} />],
              ]}
            />
          ) : (
            <p className={styles.muted}>Your broker will let you know the dealership.</p>
          )}
        </SectionCard>
        {deal.referralOffered && <ReferFriendCard dealId={deal.id} />}
      </div>
    </div>
  );
}
