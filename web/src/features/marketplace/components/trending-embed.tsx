/**
 * The public trending-deals embed (/trending-deals-embed), framed by dealer sites: the spec's "Trending deals
 * embed" page. A load failure is only logged and shows the empty state. Cards open the vehicle in a new tab: the
 * staff app may not be framed, and the dealer's page should stay where it is.
 */
import { useEffect } from 'react';
import { LoadingBlock } from '@web/components/ui/spinner';
import { logger } from '@web/lib/logger';
import { useTrendingVehicles } from '../api/get-trending-vehicles';
import styles from './trending-embed.module.css';
import {
  TRENDING_DISCLAIMER,
  TrendingDisclaimer,
  TrendingEmpty,
  TrendingVehicleGrid,
  type VehicleLinkProps,
} from './trending-vehicles';

function NewTabLink({ href, className, children }: VehicleLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function TrendingEmbed() {
  // Through the site's edge path: one cached answer for every dealer page that frames the embed.
  const trending = useTrendingVehicles({ atEdge: true });

  useEffect(() => {
    if (trending.error) logger.error('Loading trending vehicles failed', trending.error);
  }, [trending.error]);

  const vehicles = trending.data?.vehicles ?? [];
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Trending Vehicles</h1>
        <p className={styles.subtitle}>Most viewed deals in the last 5 days</p>
      </header>
      {trending.isPending ? (
        <LoadingBlock label="Loading trending vehicles" />
      ) : vehicles.length === 0 ? (
        <TrendingEmpty />
      ) : (
        <>
          <TrendingVehicleGrid vehicles={vehicles} headingLevel="h2" link={NewTabLink} />
          <TrendingDisclaimer>{TRENDING_DISCLAIMER}</TrendingDisclaimer>
        </>
      )}
    </main>
  );
}
