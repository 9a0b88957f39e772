/**
 * Trending vehicle cards and their disclaimer, shared by the dashboard panel and the public trending embed.
 * Each card links to /marketplace/{id}; "Reserve This Deal" has no action (spec). The link is given by the
 * page (the router's Link in the app, a plain link in the embed, which loads no router).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { formatDate, formatMoneyWhole } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import styles from './trending-vehicles.module.css';
import { CarIcon } from '@web/components/ui/car-icon';

export interface VehicleLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that stays on the page that renders it (the default: a plain link). */
function PlainLink({ href, className, children }: VehicleLinkProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

export interface TrendingVehicleGridProps {
  vehicles: TrendingVehicle[];
  headingLevel?: 'h2' | 'h3';
  /** How a card links to its vehicle. */
  link?: ComponentType<VehicleLinkProps>;
}

export function TrendingVehicleGrid({ vehicles, headingLevel = 'h3', link = PlainLink }: TrendingVehicleGridProps) {
  return (
    <ul className={styles.grid}>
      {vehicles.map((vehicle) => (
        <li key={vehicle.vehicleId}>
          <TrendingVehicleCard vehicle={vehicle} headingLevel={headingLevel} link={link} />
        </li>
      ))}
    </ul>
  );
}

interface TrendingVehicleCardProps {
  vehicle: TrendingVehicle;
  headingLevel: 'h2' | 'h3';
  link: ComponentType<VehicleLinkProps>;
}

function TrendingVehicleCard({ vehicle, headingLevel: Heading, link: VehicleLink }: TrendingVehicleCardProps) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const expires = vehicle.expirationDate ? formatDate(vehicle.expirationDate) : '';
  // An image that fails to load (moved, expired signature, offline) shows the placeholder, not the browser's broken image.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {vehicle.imageUrl && !imageFailed ? (
          <img src={vehicle.imageUrl} alt={name} loading="lazy" onError={() => setImageFailed(true)} />
        ) : (
          <div className={styles.placeholder} role="img" aria-label="No photo available">
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
          <VehicleLink href={`/marketplace/${vehicle.vehicleId}`} className={styles.link}>
            {name}
          </VehicleLink>
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

/** The embed's disclaimer, in the spec's words; the dashboard panel shows a shorter one. */
export const TRENDING_DISCLAIMER =
  'Inventory is limited. Prices assume Tier 1 credit and are subject to lender approval. Lease offers include manufacturer rebates. Payments exclude taxes and fees.';

export function TrendingDisclaimer({ children }: { children: string }) {
  return <p className={styles.disclaimer}>{children}</p>;
}
