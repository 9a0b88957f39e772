/** The Getting Started list of the dashboard, per role: the first things each kind of user does here. */
import type { Role } from '@shared/auth/roles';

export interface GettingStartedStep {
  text: string;
  to?: string;
}

const STEPS: Record<Role, GettingStartedStep[]> = {
  admin: [
    { text: 'Approve new brokers and set their commission structure', to: '/admin/brokers' },
    { text: 'Add the dealerships you work with', to: '/dealerships' },
    { text: 'Publish training content in the Academy', to: '/academy' },
    { text: 'Review expired deals in the archive', to: '/archived-deals' },
  ],
  broker: [
    { text: 'Complete your profile and upload your licence', to: '/profile' },
    { text: 'Work through the Academy training', to: '/academy' },
    { text: 'Add your clients', to: '/clients' },
    { text: 'Browse the marketplace and create your first deal', to: '/marketplace' },
  ],
  dealer: [
    { text: "Add your dealership's vehicles to the marketplace", to: '/marketplace/new' },
    { text: 'Keep stock and expiration dates up to date', to: '/marketplace' },
    { text: 'Follow the deals on your vehicles', to: '/deals' },
  ],
  consumer: [{ text: 'Review your deals in the consumer portal', to: '/consumer-portal' }],
};

export function gettingStartedSteps(role: Role): GettingStartedStep[] {
  return STEPS[role];
}
