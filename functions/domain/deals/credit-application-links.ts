/**
 * A deal's credit application link as both the deals feature (the card's first link) and the credit-applications
 * feature (regenerate) make and answer it: a 128-bit token, valid for CREDIT_APPLICATION_LINK_DAYS, shown as the
 * public page's URL with its state.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { creditApplicationUrl, linkState } from '@shared/credit-applications/rules';
import type { CreditApplicationLink } from '@shared/deals/api';
import type { CreditApplication } from '@functions/domain/credit-applications/credit-applications';
import { addDays } from '@functions/lib/dates';

/** How long a link works (docs/decisions.md, "Deals"): long enough for a client to find the message again. */
export const CREDIT_APPLICATION_LINK_DAYS = 30;

/** 128 random bits, URL-safe: the only thing the public link carries. */
export function newCreditApplicationToken(): string {
  return randomBytes(16).toString('base64url');
}

/** A new valid link of a deal, created at `now`. */
export function newCreditApplicationLink(dealId: string, now: Date): CreditApplication {
  return {
    token: newCreditApplicationToken(),
    id: ulid(now.getTime()),
    dealId,
    status: 'valid',
    validUntil: addDays(now, CREDIT_APPLICATION_LINK_DAYS).toISOString(),
    createdAt: now.toISOString(),
  };
}

/** The link as answered; `appUrl` is the staff app's origin (config.appUrl). */
export function toCreditApplicationLink(link: CreditApplication, now: Date, appUrl: string): CreditApplicationLink {
  return {
    token: link.token,
    url: creditApplicationUrl(link.token, appUrl),
    status: linkState(link, now),
    expiresAt: link.validUntil ?? link.createdAt,
  };
}
