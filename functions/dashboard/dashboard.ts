/**
 * GET /dashboard: every figure the caller's cards need, in one call, from the counters maintained on write.
 *
 * Admins and brokers see product-wide counts, except a broker in own book (the company setting, docs/security.md
 * "Ownership"): their Total Clients and Client Deals count only their own clients and deals (the per-owner counter and
 * the broker's make counts, both kept in the record's transaction), and New Leads only the leads that are theirs (own
 * book has no open pool for brokers). The marketplace, the dealerships and the academy are the same in both books.
 * Dealers see their own dealership's vehicles and deals (zeros when
 * no dealership is set). The Academy card shows admins the number of academy users (users with any progress)
 * and brokers their own completion: completed published items / published items, as a rounded percentage,
 * which is what "Continue Learning" on the profile shows as well.
 *
 * A broker whose account is not approved sees no figures at all (the blocking "Account Pending Review" card;
 * docs/decisions.md, "Dashboard"), so the route refuses them with 403 rather than handing out product-wide counts.
 * Approval is read from the table on every call, so an approval opens the dashboard at once. An approved broker without
 * a licence gets the full dashboard: the product blocks the dashboard on approval only, and the licence only on
 * creating deals. The New Leads card follows the licence as deals do (`isLicensedAt`: a licence past its expiration
 * date no longer counts, whether or not the daily expiry job has run).
 */
import { academyProgressPercent } from '@shared/academy/rules';
import type { Role } from '@shared/auth/roles';
import {
  DASHBOARD_PENDING_REVIEW_MESSAGE,
  type DashboardCard,
  type DashboardCardId,
  type DashboardResponse,
} from '@shared/dashboard/api';
import { dashboardCardsFor } from '@shared/dashboard/cards';
import type { Identity } from '@functions/lib/auth-context';
import type { DashboardData } from './data';
import { ForbiddenError } from '@functions/lib/errors';
import { newLeadsCount } from './new-leads';
import { dealershipScope, GLOBAL_SCOPE, zeroCounts, type Counts } from '@functions/domain/counters/counters';
import { ownerClientsScope } from '@functions/domain/clients/client-search';
import { brokerScope, makeCountSet } from '@functions/domain/deals/deal-list-index';
import { isLicensedAt } from '@shared/brokers/licence';
import { isTimeZone } from '@shared/tasks/rules';
import { myDay } from '@functions/domain/tasks/task-items';

export interface DashboardFigures {
  /** Counts of the caller's scope: the whole product, a dealer's dealership, or an own-book broker's own records. */
  counts: Counts;
  /** Only for brokers. */
  academy?: { completed: number; published: number };
  /**
   * Admins and brokers who may work leads: the New Leads card (./new-leads.ts). Absent: no card (an approved broker
   * without a licence may not open /leads, so the card would lead to a refusal).
   */
  newLeads?: number;
}

/** The academy's own rule (shared/academy/rules.ts): completed published items / published items, rounded. */
export const academyPercent = academyProgressPercent;

/** Pure: the cards of `role` with their values. */
export function buildDashboard(role: Role, figures: DashboardFigures): DashboardResponse {
  const { counts } = figures;
  const value = (id: DashboardCardId): Pick<DashboardCard, 'value' | 'unit'> => {
    switch (id) {
      case 'vehiclesInMarketplace':
        return { value: counts.marketplaceVehicles, unit: 'count' };
      case 'clientDeals':
      case 'myDealershipDeals':
        return { value: counts.clientDeals, unit: 'count' };
      case 'totalClients':
        return { value: counts.clients, unit: 'count' };
      case 'dealerships':
        return { value: counts.dealerships, unit: 'count' };
      case 'academy':
        return role === 'broker'
          ? {
              value: academyPercent(figures.academy?.completed ?? 0, figures.academy?.published ?? counts.academyPublished),
              unit: 'percent',
            }
          : { value: counts.academyUsers, unit: 'count' };
      case 'brokerPerformance':
        return { value: counts.brokers, unit: 'count' };
      case 'newLeads':
        return { value: figures.newLeads ?? 0, unit: 'count' };
    }
  };
  // Counters are sums of +1/-1; never show a negative figure even if one was ever mis-applied.
  const cards = dashboardCardsFor(role).filter((id) => id !== 'newLeads' || figures.newLeads !== undefined);
  return { cards: cards.map((id) => ({ id, ...clamp(value(id)) })) };
}

function clamp(card: Pick<DashboardCard, 'value' | 'unit'>) {
  return { ...card, value: Math.max(0, Math.trunc(card.value)) };
}

/** A broker's own figures in own book: their clients (the per-owner counter) and their listed deals. */
async function ownBookCounts(brokerId: string, data: DashboardData): Promise<Pick<Counts, 'clients' | 'clientDeals'>> {
  const [clients, clientDeals] = await Promise.all([
    data.counters.get(ownerClientsScope(brokerId)),
    data.dealList.makeCounts(makeCountSet(brokerScope(brokerId))),
  ]);
  return { clients: clients.clients, clientDeals: clientDeals.reduce((sum, make) => sum + make.count, 0) };
}

/**
 * My day's block (docs/decisions.md, "Tasks"): the caller's open tasks; the zone is their saved one, else the
 * browser's, else UTC.
 */
export interface MyDayOptions {
  now: Date;
  timeZone?: string;
}

async function withMyDay(
  identity: Identity,
  data: DashboardData,
  options: MyDayOptions | undefined,
  response: DashboardResponse,
): Promise<DashboardResponse> {
  if (!options) return response;
  const requested = options.timeZone && isTimeZone(options.timeZone) ? options.timeZone : undefined;
  return { ...response, myDay: await myDay(identity.userId, requested, data, options.now) };
}

export async function loadDashboard(
  identity: Identity,
  data: DashboardData,
  myDayOptions?: MyDayOptions,
): Promise<DashboardResponse> {
  const now = myDayOptions?.now ?? new Date();
  if (identity.role === 'dealer') {
    const user = await data.users.get(identity.userId);
    const counts = user?.dealershipId ? await data.counters.get(dealershipScope(user.dealershipId)) : zeroCounts();
    return buildDashboard('dealer', { counts });
  }
  if (identity.role === 'broker') {
    const [profile, ownBook] = await Promise.all([data.users.getBrokerProfile(identity.userId), data.settings.ownBook()]);
    if (profile?.isApproved !== true) throw new ForbiddenError(DASHBOARD_PENDING_REVIEW_MESSAGE);
    // Completions of items since unpublished do not count (the academy store's progressOf, also on the profile).
    const [global, academy, leads, own] = await Promise.all([
      data.counters.get(GLOBAL_SCOPE),
      data.academy.progressOf(identity.userId),
      isLicensedAt(profile, now) ? newLeadsCount(identity, data, { ownBook }) : undefined,
      ownBook ? ownBookCounts(identity.userId, data) : undefined,
    ]);
    return withMyDay(
      identity,
      data,
      myDayOptions,
      buildDashboard('broker', { counts: { ...global, ...own }, academy, newLeads: leads }),
    );
  }
  const [counts, leads] = await Promise.all([data.counters.get(GLOBAL_SCOPE), newLeadsCount(identity, data)]);
  const response = buildDashboard(identity.role, { counts, newLeads: leads });
  return identity.role === 'admin' ? withMyDay(identity, data, myDayOptions, response) : response;
}
