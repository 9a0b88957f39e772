/**
 * The dashboard screen, composed here because it shows two features: the dashboard itself and the marketplace's
 * Trending Vehicles panel (features do not import each other).
 */
import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { TrendingPanel } from '@web/features/marketplace/components/trending-panel';
import { GlobalSearch } from '@web/features/search/components/global-search';

export function DashboardRoute() {
  // The global search sits on the dashboard's header until the app navigation mounts it on every screen.
  return <DashboardPage trending={<TrendingPanel />} search={<GlobalSearch />} />;
}
