/**
 * The dashboard screen, composed here because it shows two features: the dashboard itself and the marketplace's
 * Trending Vehicles panel (features do not import each other).
 */
import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { TrendingPanel } from '@web/features/marketplace/components/trending-panel';
import { GlobalSearch } from '@web/features/search/components/global-search';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';

export function DashboardRoute() {
  return <DashboardPage trending={<TrendingPanel />} search={<GlobalSearch />} notifications={<NotificationBell />} />;
}
