/**
 * The public trending-deals embed (/trending-deals-embed), framed by dealer sites: the "Trending deals embed" page
 * (docs/decisions.md, "Trending embed: Reserve This Deal"). A load failure is only logged and shows the empty state.
 * Its visitors are shoppers without an account, so neither the card's link nor "Reserve This Deal" goes to the staff
 * app (/marketplace/{id} is a sign-in page to them): both open the public quote wizard with the vehicle chosen
 * (/get-quote?vehicle={id}), in a new tab (target _blank, rel noopener), since the wizard may not be framed and the
 * dealer's page should stay where it is. docs/decisions.md, "Trending embed: Reserve This Deal".
 */
import { useEffect } from 'react';
import { reserveVehiclePath } from '@shared/quotes/request';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { logger } from '@web/lib/logger';
import { useTrendingAtEdge } from '../api/use-trending-at-edge';
import styles from './trending-embed.module.css';
import {
  TRENDING_DISCLAIMER,
  TrendingDisclaimer,
  TrendingEmpty,
  TrendingVehicleGrid,
  type ReserveProps,
  type VehicleLinkProps,
} from './trending-vehicles';

const NEW_TAB_NOTE = ' (opens in a new tab)';

function NewTabLink({ href, className, children }: VehicleLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}

/** The wizard with this vehicle chosen. */
const wizardHref = (vehicle: TrendingVehicle) => reserveVehiclePath(vehicle.vehicleId);

/** "Reserve This Deal": a link styled as the button, to the wizard with the vehicle chosen, in a new tab. */
function ReserveInWizard({ vehicle, className }: ReserveProps) {
  return (
    <a
      href={wizardHref(vehicle)}
      className={buttonClassName({ variant: 'primary', block: true, className })}
      target="_blank"
      rel="noopener"
    >
      Reserve This Deal
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}

export function TrendingEmbed() {
  // Through the site's edge path: one cached answer for every dealer page that frames the embed.
  const trending = useTrendingAtEdge();

  useEffect(() => {
    if (trending.state === 'failed') logger.error('Loading trending vehicles failed', trending.error);
  }, [trending]);

  const vehicles = trending.state === 'loaded' ? trending.response.vehicles : [];
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Trending Vehicles</h1>
        <p className={styles.subtitle}>Most viewed deals in the last 5 days</p>
      </header>
      {trending.state === 'loading' ? (
        <LoadingBlock label="Loading trending vehicles" />
      ) : vehicles.length === 0 ? (
        <TrendingEmpty />
      ) : (
        <>
          <TrendingVehicleGrid
            vehicles={vehicles}
            headingLevel="h2"
            link={NewTabLink}
            vehicleHref={wizardHref}
            reserve={ReserveInWizard}
          />
          <TrendingDisclaimer>{TRENDING_DISCLAIMER}</TrendingDisclaimer>
        </>
      )}
    </main>
  );
}
