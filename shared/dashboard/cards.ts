/**
 * The overview cards of the dashboard per role (docs/api.md, "`GET /dashboard`"), their titles and where they lead.
 * The API answers exactly these cards for the caller's role, in this order.
 */
import type { Role } from '../auth/roles';
import type { DashboardCardId } from './api';

export const DASHBOARD_CARDS: Record<DashboardCardId, { title: string; href: string }> = {
  vehiclesInMarketplace: { title: 'Vehicles in Marketplace', href: '/marketplace' },
  clientDeals: { title: 'Client Deals', href: '/deals' },
  totalClients: { title: 'Total Clients', href: '/clients' },
  dealerships: { title: 'Dealerships', href: '/dealerships' },
  academy: { title: 'Academy', href: '/academy' },
  brokerPerformance: { title: 'Broker Performance', href: '/admin/brokers' },
  myDealershipDeals: { title: 'My Dealership Deals', href: '/deals' },
  newLeads: { title: 'New Leads', href: '/leads' },
};

const CARDS_BY_ROLE: Record<Role, readonly DashboardCardId[]> = {
  admin: ['vehiclesInMarketplace', 'clientDeals', 'totalClients', 'dealerships', 'academy', 'brokerPerformance', 'newLeads'],
  // New Leads: admins count every new lead, a broker theirs and the open pool's.
  broker: ['vehiclesInMarketplace', 'clientDeals', 'totalClients', 'dealerships', 'academy', 'newLeads'],
  // Client Deals is listed for dealers too; both deal cards count the dealer's own dealership's deals.
  dealer: ['vehiclesInMarketplace', 'clientDeals', 'myDealershipDeals'],
  consumer: ['vehiclesInMarketplace'],
};

export function dashboardCardsFor(role: Role): readonly DashboardCardId[] {
  return CARDS_BY_ROLE[role];
}
