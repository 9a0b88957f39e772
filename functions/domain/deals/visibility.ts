/**
 * Who is asking a deal route, with what the table says about them (read on every request, so that a dealer moved
 * to another dealership or a broker whose approval is revoked is treated accordingly at once), and which deals
 * they may see: admins every deal, brokers every deal in the shared book and their own in own book (the company
 * setting, docs/security.md "Ownership"), dealers their own dealership's; anything else is a 404. Used by the deals
 * and credit-applications features.
 */
import { inBook } from '@shared/auth/ownership';
import { DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import type { Identity } from '@functions/lib/auth-context';
import type { Deal, DealStore } from './deals';
import type { UserStore } from '@functions/domain/users/users';
import type { CompanySettingsStore } from '@functions/domain/company-settings/company-settings';
import { NotFoundError } from '@functions/lib/errors';
import { isLicensedAt } from '@shared/brokers/licence';

/** Who is asking, with what the table says about them (read on the request, so a change applies at once). */
export interface Caller {
  userId: string;
  role: Identity['role'];
  name: string;
  /** Dealers only; null for a dealer account with no dealership (it sees no deal). */
  dealershipId: string | null;
  /** Brokers only: approved and licensed (may create and edit deals). */
  mayWrite: boolean;
  /** Brokers only: the company's own-book setting (they reach their own deals only). */
  ownBook: boolean;
}

/** `settings` absent: the caller is judged in the shared book (a route whose own rule is stricter, owner or admin). */
export async function callerOf(
  identity: Identity,
  data: { users: UserStore; settings?: CompanySettingsStore },
  now = new Date(),
): Promise<Caller> {
  const [user, profile, ownBook] = await Promise.all([
    data.users.get(identity.userId),
    identity.role === 'broker' ? data.users.getBrokerProfile(identity.userId) : Promise.resolve(null),
    identity.role === 'broker' && data.settings ? data.settings.ownBook() : Promise.resolve(false),
  ]);
  return {
    userId: identity.userId,
    role: identity.role,
    name: profile?.fullName ?? user?.fullName ?? identity.email,
    dealershipId: identity.role === 'dealer' ? (user?.dealershipId ?? null) : null,
    // Licensed on a licence not expired now, whether or not the daily expiry job has run since its date.
    mayWrite: identity.role !== 'broker' || (profile?.isApproved === true && isLicensedAt(profile, now)),
    ownBook,
  };
}

/** Pure: whether the caller may see the deal at all. */
export function canSeeDeal(
  caller: Pick<Caller, 'userId' | 'role' | 'dealershipId' | 'ownBook'>,
  deal: Pick<Deal, 'dealershipId' | 'brokerId'>,
): boolean {
  switch (caller.role) {
    case 'admin':
    case 'broker':
      return inBook(caller, deal.brokerId);
    case 'dealer':
      return !!caller.dealershipId && deal.dealershipId === caller.dealershipId;
    default:
      return false;
  }
}

export async function visibleDeal(caller: Caller, id: string, data: { deals: DealStore }): Promise<Deal> {
  const deal = await data.deals.get(id);
  if (!deal || !canSeeDeal(caller, deal)) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  return deal;
}

/** Pure: whether the caller may edit the deal (the Edit Deal button leads anywhere): a closed deal is an admin's only. */
export function canEditDeal(caller: Pick<Caller, 'role' | 'mayWrite'>, deal: Pick<Deal, 'status'>): boolean {
  if (caller.role === 'admin') return true;
  if (caller.role === 'consumer' || !caller.mayWrite) return false;
  return deal.status !== 'closed';
}
