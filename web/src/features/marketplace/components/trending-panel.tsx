import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { logger } from '@web/lib/logger';
import { useDashboardTrendingVehicles } from '../api/get-trending-vehicles';
import { TrendingDisclaimer, TrendingEmpty, TrendingVehicleGrid, type VehicleLinkProps } from './trending-vehicles';

const DISCLAIMER = 'Inventory is limited. Prices assume Tier 1 credit. Monthly payments exclude taxes and fees.';

function RouterLink({ href, className, children }: VehicleLinkProps) {
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

/**
 * The dashboard's Trending Vehicles card: only vehicles the caller may open (GET /dashboard/trending). A trending
 * failure is only logged; the panel then shows its empty state.
 */
export function TrendingPanel() {
  const trending = useDashboardTrendingVehicles();

  useEffect(() => {
    if (trending.error) logger.error('Loading trending vehicles failed', trending.error);
  }, [trending.error]);

  const vehicles = trending.data?.vehicles ?? [];
  return (
    <Card as="section" aria-labelledby="trending-title">
      <CardHeader>
        <CardTitle id="trending-title">Trending Vehicles</CardTitle>
        <CardDescription>Most viewed deals in the last 5 days</CardDescription>
      </CardHeader>
      <CardContent>
        {trending.isPending ? (
          <LoadingBlock label="Loading trending vehicles" />
        ) : vehicles.length === 0 ? (
          <TrendingEmpty />
        ) : (
          <>
            <TrendingVehicleGrid vehicles={vehicles} link={RouterLink} />
            <TrendingDisclaimer>{DISCLAIMER}</TrendingDisclaimer>
          </>
        )}
      </CardContent>
    </Card>
  );
}
