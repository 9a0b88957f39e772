/**
 * The consumer portal (GET /consumer-portal): the consumer's own deals, found through the client record their account
 * was linked to when they accepted an invitation, with each deal's dealership, and "My Broker". One Query for the
 * deals, one BatchGet for the dealerships, two Gets for the broker: the same cost whatever the table holds.
 */
import type { ConsumerPortal } from '@shared/consumers/api';
import type { Identity } from '@functions/lib/auth-context';
import type { ConsumersData } from './data';
import { clientBrokerId, inTabOrder, toConsumerBroker, toConsumerPortalDeal } from '@functions/domain/deals/consumer-views';

/** Turns the object key of a broker's photo (private bucket) into a URL a browser can load for a while. */
export type BrokerPhotoSigner = (key: string) => Promise<string>;

/** GET /consumer/portal. A consumer whose client record is gone sees an empty portal, not an error. */
export async function loadPortal(identity: Identity, data: ConsumersData, signPhoto: BrokerPhotoSigner): Promise<ConsumerPortal> {
  const client = await data.clients.getByUser(identity.userId);
  if (!client) return { deals: [], broker: null };

  const deals = inTabOrder(await data.deals.listByClient(client.id));
  const dealershipIds = [...new Set(deals.flatMap((deal) => (deal.dealershipId ? [deal.dealershipId] : [])))];
  // "My Broker": the client's own broker (docs/decisions.md, "Consumers"), the one the referral e-mail names too.
  const brokerId = clientBrokerId(client);
  const [dealerships, profile, user] = await Promise.all([
    dealershipIds.length > 0 ? data.dealerships.getMany(dealershipIds) : Promise.resolve([]),
    data.users.getBrokerProfile(brokerId),
    data.users.get(brokerId),
  ]);
  const dealershipById = new Map(dealerships.map((dealership) => [dealership.id, dealership]));
  const photoUrl = profile?.profilePhotoUrl ? await signPhoto(profile.profilePhotoUrl) : null;

  return {
    deals: deals.map((deal, index) =>
      toConsumerPortalDeal(deal, index + 1, deal.dealershipId ? dealershipById.get(deal.dealershipId) : undefined),
    ),
    broker: toConsumerBroker(profile, user, photoUrl),
  };
}
