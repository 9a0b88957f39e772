/**
 * Trending vehicle cards and their disclaimer, shared by the dashboard panel and the public trending embed.
 * Each card links to /marketplace/{id}; "Reserve This Deal" has no action (spec).
 */
import { Link } from 'react-router';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { formatDate, formatMoneyWhole } from '@shared/format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import styles from './trending-vehicles.module.css';

export function TrendingVehicleGrid({ vehicles, headingLevel = 'h3' }: { vehicles: TrendingVehicle[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className={styles.grid}>
      {vehicles.map((vehicle) => (
        <li key={vehicle.vehicleId}>
          <TrendingVehicleCard vehicle={vehicle} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function TrendingVehicleCard({ vehicle, headingLevel: Heading }: { vehicle: TrendingVehicle; headingLevel: 'h2' | 'h3' }) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const expires = vehicle.expirationDate ? formatDate(vehicle.expirationDate) : '';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {vehicle.imageUrl ? (
          <img src={vehicle.imageUrl} alt={name} loading="lazy" />
        ) : (
          <div className={styles.placeholder}>
            <CarIcon />
          </div>
        )}
        {expires && (
          <Badge variant="neutral" className={styles.expires}>
            Expires {expires}
          </Badge>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={`/marketplace/${vehicle.vehicleId}`} className={styles.link}>
            {name}
          </Link>
        </Heading>
        {vehicle.vehicleTrim && <p className={styles.trim}>{vehicle.vehicleTrim}</p>}
        <p className={styles.payment}>
          {formatMoneyWhole(vehicle.monthlyPayment)}
          <span>/mo</span>
        </p>
        <dl className={styles.terms}>
          {vehicle.msrp != null && (
            <>
              <dt>MSRP</dt>
              <dd>{formatMoneyWhole(vehicle.msrp)}</dd>
            </>
          )}
          <dt>Term</dt>
          <dd>{vehicle.termMonths} months</dd>
          <dt>Down payment</dt>
          <dd>{formatMoneyWhole(vehicle.downPayment)}</dd>
        </dl>
        <Button variant="primary" block className={styles.reserve}>
          Reserve This Deal
        </Button>
      </div>
    </article>
  );
}

export function TrendingEmpty() {
  return <p className={styles.empty}>No trending vehicles yet</p>;
}

export function TrendingDisclaimer({ children }: { children: string }) {
  return <p className={styles.disclaimer}>{children}</p>;
}

function CarIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 17h14v-4.5l-1.8-4.2A2 2 0 0 0 15.4 7H8.6a2 2 0 0 0-1.8 1.3L5 12.5z" />
      <path d="M5 12.5h14" />
      <circle cx="8" cy="17" r="1.8" />
      <circle cx="16" cy="17" r="1.8" />
    </svg>
  );
}
