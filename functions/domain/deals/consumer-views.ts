/**
 * What a consumer is shown of a deal, its dealership and its broker: explicit field lists (shared/consumers/api.ts;
 * the deal's are built only on the consumer-safe lists of deal-views.ts), never a spread of the stored item, so a
 * field added to a deal later is not shown to consumers by accident. Pure; used by the portal (functions/consumers)
 * and by the consumer's deal view (functions/deals/consumer-view.ts), so it lives in lib: features do not import
 * each other.
 */
import type { ConsumerBroker, ConsumerDeal, ConsumerDealership, ConsumerPortalDeal } from '@shared/consumers/api';
import { dealTabLabel } from '@shared/consumers/api';
import { canReferFriends, isConciergeFeePayable } from '@shared/deals/rules';
import type { BrokerProfile, User } from '@functions/domain/users/users';
import type { Deal } from './deals';
import { conciergeFeeFields, offerFields, paymentFields, tradeInFields, vehicleFields } from './deal-views';
import type { Dealership } from '@functions/domain/dealerships/dealerships';
import type { Client } from '@functions/domain/clients/clients';

/** The payment button and the refer-a-friend card of the consumer portal. */
export function consumerOffers(deal: Pick<Deal, 'status' | 'conciergeFee' | 'conciergeFeePaid'>) {
  return {
    paymentOffered: isConciergeFeePayable({
      status: deal.status,
      conciergeFee: deal.conciergeFee ?? 0,
      conciergeFeePaid: deal.conciergeFeePaid ?? false,
    }),
    referralOffered: canReferFriends(deal.status),
  };
}

export function toConsumerDealership(dealership: Dealership | undefined | null): ConsumerDealership | null {
  if (!dealership) return null;
  return {
    name: dealership.name,
    location: dealership.location ?? null,
    contactName: dealership.contactName ?? null,
    contactPhone: dealership.contactPhone ?? null,
    contactEmail: dealership.contactEmail ?? null,
  };
}

/**
 * A broker's contact card; an admin acting as broker has no broker profile, only a user item. The profile holds the
 * photo's object key in the private photos bucket, which a browser cannot load: the caller passes the URL it signed
 * for it (`photoUrl`), or null.
 */
export function toConsumerBroker(
  profile: BrokerProfile | null,
  user: User | null,
  photoUrl: string | null,
): ConsumerBroker | null {
  const fullName = profile?.fullName ?? user?.fullName;
  if (!fullName) return null;
  return {
    fullName,
    email: profile?.email ?? user?.email ?? null,
    phone: profile?.phone ?? null,
    profilePhotoUrl: photoUrl,
  };
}

/**
 * The consumer's own broker: the broker whose client they are, i.e. who created their client record (a client has no
 * other broker field; docs/decisions.md, "Consumers"). The portal's "My Broker" and the referral e-mail both name
 * this person, whoever handles a particular deal (an admin may have opened it).
 */
export function clientBrokerId(client: Pick<Client, 'profileId'>): string {
  return client.profileId;
}

/** Deals in tab order: oldest first, so "deal-1" stays deal-1 when a new deal arrives. */
export function inTabOrder<T extends Pick<Deal, 'createdAt' | 'id'>>(deals: readonly T[]): T[] {
  return [...deals].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export function toConsumerPortalDeal(deal: Deal, position: number, dealership: Dealership | undefined): ConsumerPortalDeal {
  return {
    ...vehicleFields(deal),
    ...paymentFields(deal),
    ...conciergeFeeFields(deal),
    label: dealTabLabel(position),
    imageUrl: deal.imageUrl ?? null,
    status: deal.status,
    dealType: deal.dealType,
    mileageAllowance: deal.mileageAllowance ?? null,
    apr: deal.apr ?? null,
    dealership: toConsumerDealership(dealership),
    ...consumerOffers(deal),
    createdAt: deal.createdAt,
  };
}

export function toConsumerDeal(deal: Deal): ConsumerDeal {
  return {
    ...offerFields(deal),
    ...tradeInFields(deal),
    ...conciergeFeeFields(deal),
    dealType: deal.dealType,
    status: deal.status,
    moneyFactor: deal.dealType === 'lease' ? (deal.moneyFactor ?? null) : null,
    createdAt: deal.createdAt,
  };
}
