/**
 * The dashboard's overview cards. Which cards a role sees, their titles and targets are the shared rule
 * (shared/dashboard/cards.ts, the same the API answers with); the figures come from GET /dashboard. A pending
 * broker sees none: the dashboard shows the blocking "Account Pending Review" card instead.
 */
import type { DashboardCard, DashboardCardId } from '@shared/dashboard/api';
import { DASHBOARD_CARDS, dashboardCardsFor } from '@shared/dashboard/cards';
import type { User } from '@web/lib/auth';
import { isPendingBroker } from '@web/lib/authorization';

export interface OverviewCard {
  id: DashboardCardId;
  title: string;
  description: string;
  to: string;
  /** The figure as shown: a count ("1,204") or a percentage ("40%"). */
  value: string;
}

type Subject = Pick<User, 'role' | 'broker'>;

const DESCRIPTIONS: Record<DashboardCardId, (user: Subject) => string> = {
  vehiclesInMarketplace: () => 'Active lease offers ready to quote',
  clientDeals: () => 'Available, pending, active and closed deals',
  totalClients: () => 'Clients in your book',
  dealerships: () => 'Partner dealerships and their stats',
  academy: (user) => (user.role === 'admin' ? 'Users working through the training' : 'Your training progress'),
  brokerPerformance: () => 'Brokers, approvals and monthly results',
  myDealershipDeals: () => "Deals on your dealership's vehicles",
  newLeads: (user) => (user.role === 'admin' ? 'Quote requests waiting for a reply' : 'Your new leads and open ones to claim'),
};

function displayValue(card: DashboardCard | undefined): string {
  if (!card) return '0'; // Counts that could not be loaded show as 0.
  return card.unit === 'percent' ? `${card.value}%` : card.value.toLocaleString('en-US');
}

export function overviewCards(user: Subject, figures: readonly DashboardCard[] = []): OverviewCard[] {
  if (isPendingBroker(user)) return [];
  const byId = new Map(figures.map((card) => [card.id, card]));
  return dashboardCardsFor(user.role).map((id) => ({
    id,
    title: DASHBOARD_CARDS[id].title,
    description: DESCRIPTIONS[id](user),
    to: DASHBOARD_CARDS[id].href,
    value: displayValue(byId.get(id)),
  }));
}
