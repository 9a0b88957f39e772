/**
 * The dashboard screen, composed here because it shows two features: the dashboard itself and the marketplace's
 * Trending Vehicles panel (features do not import each other).
 */
import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { TrendingPanel } from '@web/features/marketplace/components/trending-panel';

export function DashboardRoute() {
  return <DashboardPage trending={<TrendingPanel />} />;
}
