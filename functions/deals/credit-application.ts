/**
 * The credit application link of a deal (docs/decisions.md, "Credit applications"; the applicant's public pages are
 * functions/credit-applications). The first "copy link" creates it; later ones return the same link while it is valid.
 * A link is valid for CREDIT_APPLICATION_LINK_DAYS; after that, or once completed, the next request creates a new one.
 * The card and the route are closed once the deal is finalized or closed.
 */
import { linkState } from '@shared/credit-applications/rules';
import { CREDIT_APPLICATION_CLOSED_MESSAGE, type CreditApplicationLink } from '@shared/deals/api';
import { isPastPurchase } from '@shared/deals/rules';
import type { Identity } from '@functions/lib/auth-context';
import { newCreditApplicationLink, toCreditApplicationLink } from '@functions/domain/deals/credit-application-links';
import type { DealsData } from './data';
import { ConflictError } from '@functions/lib/errors';
import { callerOf, visibleDeal } from '@functions/domain/deals/visibility';

/** POST /deals/{id}/credit-application-link. */
export async function creditApplicationLink(
  identity: Identity,
  dealId: string,
  data: DealsData,
  now: Date,
  appUrl: string,
): Promise<CreditApplicationLink> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  if (isPastPurchase(deal.status)) throw new ConflictError(CREDIT_APPLICATION_CLOSED_MESSAGE);
  const latest = await data.creditApplications.latestOfDeal(deal.id);
  if (latest && linkState(latest, now) === 'valid') return toCreditApplicationLink(latest, now, appUrl);
  const created = await data.creditApplications.create(newCreditApplicationLink(deal.id, now));
  return toCreditApplicationLink(created, now, appUrl);
}
