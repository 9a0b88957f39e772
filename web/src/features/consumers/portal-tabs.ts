/**
 * The consumer portal's tabs: one per deal plus "My Broker". The deal tabs are named
 * deal-1, deal-2, ...: that stays each tab's identity (its value, the `?tab=` of the address), while
 * the visible label is the car ("2026 BMW X5"), which is what a consumer recognises. Two deals on the same car
 * get their number added, so no two tabs read alike.
 */
import { PAYMENT_RETURN_DEAL_QUERY, PAYMENT_RETURN_QUERY } from '@shared/payments/api';

/** The address's query naming the open tab (`?tab=deal-2`). */
export const TAB_QUERY = 'tab';

export interface PortalTabDeal {
  /** "deal-1", "deal-2", ... from the API, oldest first. */
  label: string;
  year: number;
  make: string;
  model: string;
}

export interface PortalTab {
  value: string;
  label: string;
}

export const MY_BROKER_TAB: PortalTab = { value: 'my-broker', label: 'My Broker' };

export function portalTabs(deals: readonly PortalTabDeal[]): PortalTab[] {
  const carOf = (deal: PortalTabDeal) => `${deal.year} ${deal.make} ${deal.model}`;
  const counts = new Map<string, number>();
  for (const deal of deals) counts.set(carOf(deal), (counts.get(carOf(deal)) ?? 0) + 1);
  const dealTabs = deals.map((deal) => {
    const car = carOf(deal);
    return { value: deal.label, label: (counts.get(car) ?? 0) > 1 ? `${car} (${deal.label})` : car };
  });
  return [...dealTabs, MY_BROKER_TAB];
}

/** The tab to show for `?tab=`: the one named when it exists, else the first deal (or My Broker when there is none). */
export function selectedTab(tabs: readonly PortalTab[], requested: string | null): string {
  const named = tabs.find((tab) => tab.value === requested);
  return (named ?? tabs[0] ?? MY_BROKER_TAB).value;
}

/**
 * The portal's query after the checkout returned to it (`?payment=…&deal={id}`): the return flags dropped (a reload
 * must not say it again) and the tab of the deal whose fee was paid open, whichever tab was open before. A deal the
 * portal does not list leaves the open tab as it was.
 */
export function queryAfterPaymentReturn(
  query: URLSearchParams,
  deals: readonly { id: string; label: string }[],
): URLSearchParams {
  const next = new URLSearchParams(query);
  const paidDeal = deals.find((deal) => deal.id === query.get(PAYMENT_RETURN_DEAL_QUERY));
  next.delete(PAYMENT_RETURN_QUERY);
  next.delete(PAYMENT_RETURN_DEAL_QUERY);
  if (paidDeal) next.set(TAB_QUERY, paidDeal.label);
  return next;
}
