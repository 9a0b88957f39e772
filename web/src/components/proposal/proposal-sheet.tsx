/**
 * A proposal as its client reads it (shared/proposals/api.ts ProposalSnapshot): the car, the monthly payment, the
 * terms, what is due at signing item by item, and the concierge fee. Shown on the public /proposal/{token} page and
 * in the consumer's deal page; laid out to print on one page (proposal-sheet.module.css). A proposal with options
 * shows them (`options`, ./proposal-options.tsx with its reader's accept) in place of the one offer's payment, terms
 * and drive-off, which the options restate each their own way (docs/decisions.md, "Proposal options").
 */
import type { ReactNode } from 'react';
import type { ProposalSnapshot } from '@shared/proposals/api';
import { DEAL_TYPE_LABELS } from '@shared/deals/enums';
import { formatMileage, formatMoneyCents, formatPercent } from '@shared/format';
import styles from './proposal-sheet.module.css';

const money = (amount: number | null) => (amount == null ? '—' : formatMoneyCents(amount));

export function proposalCarName(snapshot: Pick<ProposalSnapshot, 'vehicle'>): string {
  const { year, make, model, trim } = snapshot.vehicle;
  return [year, make, model, trim].filter(Boolean).join(' ');
}

export function ProposalSheet({ snapshot, options }: { snapshot: ProposalSnapshot; options?: ReactNode }) {
  const { driveOff } = snapshot;
  const withOptions = snapshot.options.length > 0;
  const terms: [string, string][] = [
    ['Deal type', DEAL_TYPE_LABELS[snapshot.dealType]],
    ['Term', `${snapshot.termMonths} months`],
    ['Mileage', snapshot.mileageAllowance == null ? '—' : formatMileage(snapshot.mileageAllowance)],
    ['Down payment', money(snapshot.downPayment)],
    ...(snapshot.moneyFactor != null ? ([['Money factor', String(snapshot.moneyFactor)]] as [string, string][]) : []),
    ['APR', snapshot.apr == null ? '—' : formatPercent(snapshot.apr, 2)],
    ['Concierge fee', snapshot.conciergeFee === 0 ? 'Waived' : money(snapshot.conciergeFee)],
  ];
  const dueItems: [string, number][] = driveOff
    ? [
        ['First payment', driveOff.firstPayment],
        ['Cash down', driveOff.cashDown],
        ['Upfront fees', driveOff.upfrontFees],
        ['Upfront tax', driveOff.upfrontTax],
        ['Security deposits', driveOff.securityDeposits],
      ]
    : [];
  return (
    <article className={styles.sheet} aria-label={`Proposal for the ${proposalCarName(snapshot)}`}>
      <header className={styles.header}>
        {snapshot.vehicle.imageUrl && <img className={styles.image} src={snapshot.vehicle.imageUrl} alt="" />}
        <div>
          <h2 className={styles.car}>{proposalCarName(snapshot)}</h2>
          {!withOptions && (
            <p className={styles.payment}>
              <span data-testid="proposal-monthly-payment">{money(snapshot.monthlyPayment)}</span>
              <span className={styles.per}>/month</span>
            </p>
          )}
          <p className={styles.muted}>
            Prepared by {snapshot.brokerName}
            {snapshot.dealershipName ? ` with ${snapshot.dealershipName}` : ''}
            {snapshot.clientName ? ` for ${snapshot.clientName}` : ''}
          </p>
        </div>
      </header>

      {withOptions ? (
        <>
          {options}
          <p>Concierge fee: {snapshot.conciergeFee === 0 ? 'Waived' : money(snapshot.conciergeFee)}</p>
        </>
      ) : (
        <OneOffer terms={terms} dueItems={dueItems} totalDueAtSigning={snapshot.totalDueAtSigning} />
      )}

      {snapshot.incentives.length > 0 && (
        <section aria-label="Incentives">
          <h3 className={styles.heading}>Incentives</h3>
          <p>{snapshot.incentives.join(', ')}</p>
        </section>
      )}
    </article>
  );
}

/** The one offer of a proposal without options: its terms and what is due at signing, item by item. */
function OneOffer({
  terms,
  dueItems,
  totalDueAtSigning,
}: {
  terms: [string, string][];
  dueItems: [string, number][];
  totalDueAtSigning: number | null;
}) {
  return (
    <>
      <section aria-label="Terms">
        <h3 className={styles.heading}>Terms</h3>
        <dl className={styles.facts}>
          {terms.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-label="Due at signing">
        <h3 className={styles.heading}>Due at signing</h3>
        <dl className={styles.facts}>
          {dueItems
            .filter(([, amount]) => amount !== 0)
            .map(([label, amount]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{money(amount)}</dd>
              </div>
            ))}
          <div className={`${styles.fact} ${styles.total}`}>
            <dt>Total due at signing</dt>
            <dd data-testid="proposal-due-at-signing">{money(totalDueAtSigning)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
