/**
 * The Past Purchases dialog's two lists (spec section 2, "Manage clients"): Active Deals are those whose status is
 * neither closed nor finalized, Archived Deals the closed or finalized ones. Each list keeps the order it is given.
 */
import { isPastPurchase } from '@shared/deals/rules';
import type { DealStatus } from '@shared/deals/enums';

export interface PastPurchaseSplit<Deal> {
  active: Deal[];
  archived: Deal[];
}

export function splitPastPurchases<Deal extends { status: DealStatus }>(deals: readonly Deal[]): PastPurchaseSplit<Deal> {
  const split: PastPurchaseSplit<Deal> = { active: [], archived: [] };
  for (const deal of deals) (isPastPurchase(deal.status) ? split.archived : split.active).push(deal);
  return split;
}
