/**
 * The consumer portal's tabs: one per deal plus "My Broker". The deal tabs are named
 * deal-1, deal-2, ...: that stays each tab's identity (its value, the `?tab=` of the address), while
 * the visible label is the car ("2026 BMW X5"), which is what a consumer recognises. Two deals on the same car
 * get their number added, so no two tabs read alike.
 */

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
