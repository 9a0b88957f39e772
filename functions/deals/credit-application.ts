/**
 * The credit application link of a deal (spec sections 2 and 4; the public pages behind it come with the consumer
 * issue). The first "copy link" creates it; later ones return the same link while it is valid. A link is valid
 * for CREDIT_APPLICATION_LINK_DAYS; after that, or once completed, the next request creates a new one. The card
 * and the route are closed once the deal is finalized or closed.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { linkState } from '@shared/credit-applications/rules';
import { CREDIT_APPLICATION_CLOSED_MESSAGE, type CreditApplicationLink } from '@shared/deals/api';
import { isPastPurchase } from '@shared/deals/rules';
import type { Identity } from '../lib/auth-context';
import type { Data } from '../lib/data';
import type { CreditApplication } from '../lib/data/stores/credit-applications';
import { addDays } from '../lib/dates';
import { ConflictError } from '../lib/errors';
import { callerOf, visibleDeal } from './caller';

/** How long a link works (docs/decisions.md, "Deals"): long enough for a client to find the message again. */
export const CREDIT_APPLICATION_LINK_DAYS = 30;

/** 128 random bits, URL-safe: the only thing the public link carries. */
export function newCreditApplicationToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Pure: the link's state as a reader sees it now (a valid link past its date reads as expired). */
export const linkStatus = linkState;

/** The public page of a token, on the staff app's origin. */
export function creditApplicationUrl(token: string, appUrl: string): string {
  return `${appUrl}/credit-application/${token}`;
}

/** The link as answered; `appUrl` is the staff app's origin (config.appUrl). */
export function toCreditApplicationLink(link: CreditApplication, now: Date, appUrl: string): CreditApplicationLink {
  return {
    token: link.token,
    url: creditApplicationUrl(link.token, appUrl),
    status: linkStatus(link, now),
    expiresAt: link.validUntil ?? link.createdAt,
  };
}

/** POST /deals/{id}/credit-application-link. */
export async function creditApplicationLink(
  identity: Identity,
  dealId: string,
  data: Pick<Data, 'deals' | 'users' | 'creditApplications'>,
  now: Date,
  appUrl: string,
): Promise<CreditApplicationLink> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  if (isPastPurchase(deal.status)) throw new ConflictError(CREDIT_APPLICATION_CLOSED_MESSAGE);
  const latest = await data.creditApplications.latestOfDeal(deal.id);
  if (latest && linkStatus(latest, now) === 'valid') return toCreditApplicationLink(latest, now, appUrl);
  const created = await data.creditApplications.create({
    token: newCreditApplicationToken(),
    id: ulid(now.getTime()),
    dealId: deal.id,
    status: 'valid',
    validUntil: addDays(now, CREDIT_APPLICATION_LINK_DAYS).toISOString(),
    createdAt: now.toISOString(),
  });
  return toCreditApplicationLink(created, now, appUrl);
}
