/**
 * A consumer's view of GET /deals/{id}: their own deal only, found through the client record
 * their account is linked to; any other deal is a 404 like an unknown id. The answer is the reduced detail
 * (shared/consumers/api.ts `consumerDealDetailSchema`): no lead source, broker fees, credit application, activity or
 * edit rights, not even as empty fields.
 */
import type { ConsumerDealDetail } from '@shared/consumers/api';
import { DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { consumerOffers, toConsumerDeal, toConsumerDealership } from '@functions/domain/deals/consumer-views';
import type { Identity } from '@functions/lib/auth-context';
import type { DealsData } from './data';
import { NotFoundError } from '@functions/lib/errors';

export async function getConsumerDealDetail(identity: Identity, id: string, data: DealsData): Promise<ConsumerDealDetail> {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(id)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  const dealership = deal.dealershipId ? await data.dealerships.get(deal.dealershipId) : null;
  return {
    view: 'consumer',
    deal: toConsumerDeal(deal),
    client: {
      fullName: client.fullName,
      email: client.email ?? null,
      phone: client.phone ?? null,
      // The deal's own credit score range (the client card's "client financial information"), as staff see it.
      creditScoreRange: deal.creditScoreRange ?? null,
    },
    dealership: toConsumerDealership(dealership),
    ...consumerOffers(deal),
  };
}
