/**
 * Pure credit application rules (docs/decisions.md, "Credit applications"), shared by the deals and credit-applications
 * functions, the web and the local stand-in pages: the state a reader sees, the token's shape, the applicant's page
 * and the embedded form's URL.
 */
import { isOwnerOrAdmin, type Actor } from '../auth/ownership';
import type { CreditAppFormType } from '../deals/enums';
import type { CreditAppLinkState } from './enums';

/** 128 random bits in base64url: exactly 22 characters of [A-Za-z0-9_-]. Anything else names no link. */
export const CREDIT_APPLICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isCreditApplicationToken(value: string): boolean {
  return CREDIT_APPLICATION_TOKEN_PATTERN.test(value);
}

/**
 * The applicant's page of a link (web/src/app/router.tsx): the link staff copy, absolute on the staff app's origin
 * `appUrl`, or the path alone without it.
 */
export function creditApplicationUrl(token: string, appUrl = ''): string {
  return `${appUrl}/credit-application/${encodeURIComponent(token)}`;
}

/** The page an applicant lands on once the application is in. */
export function creditApplicationThankYouUrl(token: string, appUrl = ''): string {
  return `${creditApplicationUrl(token, appUrl)}/thank-you`;
}

/** The link's state as a reader sees it at `now`: a stored `valid` link past its date reads as expired. */
export function linkState(link: { status: CreditAppLinkState; validUntil?: string }, now: Date): CreditAppLinkState {
  if (link.status === 'valid' && link.validUntil && link.validUntil <= now.toISOString()) return 'expired';
  return link.status;
}

/**
 * The embedded e-signature form for a form type: the configured URL for the type (all three may be the same
 * link) with the type and, for an applicant's link, the token added to its query, so the provider can
 * return the token in its completion webhook. The configured URL's own query (an embed flag) is kept.
 */
export function eSignatureFormUrl(
  configured: string,
  params: { type: CreditAppFormType; token?: string; dealId?: string },
): string {
  const url = new URL(configured);
  url.searchParams.set('type', params.type);
  if (params.token) url.searchParams.set('token', params.token);
  if (params.dealId) url.searchParams.set('dealId', params.dealId);
  return url.toString();
}

/**
 * Pure: who may replace a deal's credit application link (the old one stops working at once, so the client's
 * message goes dead): the deal's own broker or an admin (docs/security.md, "Ownership"). Copying the link stays
 * open to every staff member who may edit the deal.
 */
export function mayRegenerateCreditApplicationLink(actor: Actor, deal: { brokerId: string }): boolean {
  return isOwnerOrAdmin(actor, deal.brokerId);
}
