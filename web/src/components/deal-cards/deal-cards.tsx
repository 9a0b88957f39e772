/**
 * The cards of a deal's own facts, drawn once for the staff deal page (features/deals) and the consumer's deal page
 * (features/consumers): vehicle, deal terms, incentives, trade-in, notes, dealership and deal information. Each card
 * takes the fields it shows, typed by the consumer's deal; a field only staff are sent (stock number, the trade-in's
 * lienholder, the expiry) shows when the page has it, so the consumer's page never has a row for it.
 */
import type { ConsumerDeal, ConsumerDealership } from '@shared/consumers/api';
import type { DealView } from '@shared/deals/api';
import { DEAL_TYPE_LABELS } from '@shared/deals/enums';
import { formatDate, formatMileage, formatMoneyCents, formatMoneyWhole, formatPercent } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { ContactLink, Facts, SectionCard, orDash } from '@web/components/ui/section-card';
import styles from './deal-cards.module.css';

/** The staff-only fields a card shows when the page has them. */
type StaffExtras<K extends keyof DealView> = Partial<Pick<DealView, K>>;

const cents = (amount: number | null | undefined) => (amount == null ? '—' : formatMoneyCents(amount));

export function VehicleCard({
  deal,
}: {
  deal: Pick<ConsumerDeal, 'year' | 'make' | 'model' | 'trim' | 'vin'> & StaffExtras<'stockNumber'>;
}) {
  return (
    <SectionCard title="Vehicle">
      <Facts
        rows={[
          ['Year', deal.year],
          ['Make', deal.make],
          ['Model', deal.model],
          ['Trim', orDash(deal.trim)],
          ['VIN', orDash(deal.vin)],
          ...(deal.stockNumber ? ([['Stock #', deal.stockNumber]] as const) : []),
        ]}
      />
    </SectionCard>
  );
}

/** Money in cents; the money factor on leases only; APR to 2 decimals. */
export function DealTermsCard({
  deal,
}: {
  deal: Pick<
    ConsumerDeal,
    'dealType' | 'monthlyPayment' | 'downPayment' | 'termMonths' | 'mileageAllowance' | 'moneyFactor' | 'apr'
  > & { totalDueAtSigning?: number | null };
}) {
  return (
    <SectionCard title="Deal Terms">
      <Facts
        rows={[
          ['Deal type', DEAL_TYPE_LABELS[deal.dealType]],
          ['Monthly payment', cents(deal.monthlyPayment)],
          ['Down payment', cents(deal.downPayment)],
          ...(deal.totalDueAtSigning !== undefined
            ? ([['Total due at signing', deal.totalDueAtSigning == null ? '—' : cents(deal.totalDueAtSigning)]] as const)
            : []),
          ['Term', `${deal.termMonths} months`],
          ['Mileage allowance', deal.mileageAllowance == null ? '—' : formatMileage(deal.mileageAllowance)],
          ...(deal.dealType === 'lease' ? ([['Money factor', orDash(deal.moneyFactor)]] as const) : []),
          ['APR', deal.apr == null ? '—' : formatPercent(deal.apr, 2)],
        ]}
      />
    </SectionCard>
  );
}

/** Each incentive as a badge, under `label` (the stored name unless the page names them otherwise). */
export function IncentivesCard({
  incentives,
  label = (incentive) => incentive,
}: {
  incentives: readonly string[];
  label?: (incentive: string) => string;
}) {
  return (
    <SectionCard title="Incentives">
      {incentives.length > 0 ? (
        <div className={styles.badges}>
          {incentives.map((incentive) => (
            <Badge key={incentive} variant="primary">
              {label(incentive)}
            </Badge>
          ))}
        </div>
      ) : (
        <p className={styles.muted}>None</p>
      )}
    </SectionCard>
  );
}

export function TradeInCard({
  deal,
}: {
  deal: Pick<
    ConsumerDeal,
    'hasTradeIn' | 'tradeInYear' | 'tradeInMake' | 'tradeInModel' | 'tradeInMileage' | 'tradeInCondition'
  > &
    StaffExtras<'tradeInHasLienholder' | 'tradeInLienholder' | 'tradeInPayoffBalance'>;
}) {
  return (
    <SectionCard title="Trade-In">
      {deal.hasTradeIn ? (
        <Facts
          rows={[
            ['Vehicle', [deal.tradeInYear, deal.tradeInMake, deal.tradeInModel].filter(Boolean).join(' ') || '—'],
            ['Mileage', deal.tradeInMileage == null ? '—' : `${deal.tradeInMileage.toLocaleString('en-US')} mi`],
            ['Condition', orDash(deal.tradeInCondition)],
            ...(deal.tradeInHasLienholder
              ? ([
                  ['Lienholder', orDash(deal.tradeInLienholder)],
                  ['Payoff balance', cents(deal.tradeInPayoffBalance)],
                ] as const)
              : []),
          ]}
        />
      ) : (
        <p className={styles.muted}>No trade-in</p>
      )}
    </SectionCard>
  );
}

export function NotesCard({ notes }: { notes: string | null }) {
  return (
    <SectionCard title="Additional Notes">
      {notes ? <p className={styles.notes}>{notes}</p> : <p className={styles.muted}>No notes</p>}
    </SectionCard>
  );
}

export function DealershipCard({
  dealership,
}: {
  dealership: Pick<ConsumerDealership, 'name' | 'location' | 'contactName' | 'contactPhone'> | null;
}) {
  return (
    <SectionCard title="Dealership">
      {dealership ? (
        <Facts
          rows={[
            ['Name', dealership.name],
            ['Location', orDash(dealership.location)],
            ['Contact', orDash(dealership.contactName)],
            ['Phone', <ContactLink kind="tel" value={dealership.contactPhone} />],
          ]}
        />
      ) : (
        <p className={styles.muted}>No dealership</p>
      )}
    </SectionCard>
  );
}

export function DealInformationCard({
  deal,
}: {
  deal: Pick<ConsumerDeal, 'id' | 'createdAt' | 'conciergeFee' | 'conciergeFeePaid'> & StaffExtras<'expirationDate'>;
}) {
  return (
    <SectionCard title="Deal Information">
      <Facts
        rows={[
          ['Deal ID', deal.id],
          ['Created', formatDate(deal.createdAt)],
          ['Concierge fee', `${formatMoneyWhole(deal.conciergeFee)}${deal.conciergeFeePaid ? ' (Paid)' : ''}`],
          ...(deal.expirationDate ? ([['Expires', formatDate(deal.expirationDate)]] as const) : []),
        ]}
      />
    </SectionCard>
  );
}
