/**
 * Trending vehicle cards and their disclaimer on the staff dashboard's panel: each card links to /marketplace/{id} and
 * "Reserve This Deal" has no action, as the product requires. The page may give the link, where it goes and the
 * reserve action. The public embed's cards are HTML written by the rank-trending job instead
 * (shared/marketplace/trending-embed.ts; docs/decisions.md, "Public pages").
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { formatDate, formatMoneyWhole } from '@shared/format';
import cardStyles from '@web/components/ui/vehicle-card.module.css';
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

/** The dashboard's button: "Reserve This Deal", with no action. */
function InertReserve({ className }: ReserveProps) {
  return (
    <Button variant="primary" block className={className}>
      Reserve This Deal
    </Button>
  );
}

/** The marketplace page of a vehicle (the staff app's): the dashboard's card link. */
const marketplacePath = (vehicle: TrendingVehicle) => `/marketplace/${vehicle.vehicleId}`;

export interface ReserveProps {
  vehicle: TrendingVehicle;
  className: string;
}

export interface TrendingVehicleGridProps {
  vehicles: TrendingVehicle[];
  headingLevel?: 'h2' | 'h3';
  /** How a card links to its vehicle. */
  link?: ComponentType<VehicleLinkProps>;
  /** Where a card's link goes (default: the vehicle's marketplace page). */
  vehicleHref?: (vehicle: TrendingVehicle) => string;
  /** The card's "Reserve This Deal" (default: the required button, without an action). */
  reserve?: ComponentType<ReserveProps>;
}

export function TrendingVehicleGrid({
  vehicles,
  headingLevel = 'h3',
  link = PlainLink,
  vehicleHref = marketplacePath,
  reserve = InertReserve,
}: TrendingVehicleGridProps) {
  return (
    <ul className={styles.grid}>
      {vehicles.map((vehicle) => (
        <li key={vehicle.vehicleId}>
          <TrendingVehicleCard
            vehicle={vehicle}
            headingLevel={headingLevel}
            link={link}
            href={vehicleHref(vehicle)}
            reserve={reserve}
          />
        </li>
      ))}
    </ul>
  );
}

interface TrendingVehicleCardProps {
  vehicle: TrendingVehicle;
  headingLevel: 'h2' | 'h3';
  link: ComponentType<VehicleLinkProps>;
  href: string;
  reserve: ComponentType<ReserveProps>;
}

function TrendingVehicleCard({
  vehicle,
  headingLevel: Heading,
  link: VehicleLink,
  href,
  reserve: Reserve,
}: TrendingVehicleCardProps) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const expires = vehicle.expirationDate ? formatDate(vehicle.expirationDate) : '';
  // An image that fails to load (moved, expired signature, offline) shows the placeholder, not the browser's broken image.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className={`${cardStyles.card} ${styles.card}`}>
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
        <Heading className={cardStyles.name}>
          <VehicleLink href={href} className={cardStyles.link}>
            {name}
          </VehicleLink>
        </Heading>
        {vehicle.vehicleTrim && <p className={styles.trim}>{vehicle.vehicleTrim}</p>}
        <p className={cardStyles.payment}>
          {formatMoneyWhole(vehicle.monthlyPayment)}
          <span>/mo</span>
        </p>
        <dl className={cardStyles.terms}>
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
        <Reserve vehicle={vehicle} className={styles.reserve} />
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
