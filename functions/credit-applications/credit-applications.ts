/**
 * Credit applications by link (docs/decisions.md, "Credit applications"): the applicant's
 * public page reads a link's state, staff regenerate a deal's link (the old one is revoked in the same
 * transaction), and the e-signature provider's signed webhook completes a valid link exactly once.
 */
import {
  E_SIGNATURE_TOLERANCE_SECONDS,
  eSignatureWebhookSchema,
  SIGNATURE_INVALID_MESSAGE,
  SIGNATURE_STALE_MESSAGE,
  WEBHOOK_PAYLOAD_INVALID_MESSAGE,
  type CreditApplicationForm,
  type CreditApplicationState,
} from '@shared/credit-applications/api';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import {
  eSignatureFormUrl,
  isCreditApplicationToken,
  linkState,
  mayRegenerateCreditApplicationLink,
} from '@shared/credit-applications/rules';
import { CREDIT_APPLICATION_CLOSED_MESSAGE, type CreditApplicationLink } from '@shared/deals/api';
import type { CreditAppFormType } from '@shared/deals/enums';
import { isPastPurchase } from '@shared/deals/rules';
import type { Identity } from '@functions/lib/auth-context';
import type { CreditApplicationsData } from './data';
import { BadRequestError, ConflictError, ForbiddenError } from '@functions/lib/errors';
import { logger } from '@functions/lib/logger';
import { newCreditApplicationLink, toCreditApplicationLink } from '@functions/domain/deals/credit-application-links';
import { callerOf, visibleDeal } from '@functions/domain/deals/visibility';
import { isFresh, isValidESignature } from './signature';

export type FormUrls = Readonly<Record<CreditAppFormType, string>>;

/** A regenerate that lost a race with another regenerate or a completion (409): reloading shows the winner. */
export const LINK_CHANGED_MESSAGE = 'The credit application link changed meanwhile; reload and try again';

const NOTHING: Omit<CreditApplicationState, 'status'> = { formType: null, formUrl: null, vehicle: null };

/** GET /credit-applications/{token}: the applicant learns the state, and the form and vehicle only when valid. */
export async function applicationState(
  token: string,
  data: CreditApplicationsData,
  now: Date,
  formUrls: FormUrls,
): Promise<CreditApplicationState> {
  // A malformed token names no link: no read needed.
  const link = isCreditApplicationToken(token) ? await data.creditApplications.get(token) : null;
  if (!link) return { status: 'invalid', ...NOTHING };
  const status = linkState(link, now);
  if (status !== 'valid') return { status, ...NOTHING };
  const deal = await data.deals.get(link.dealId);
  // The deal was deleted (its links go with it, in batches after the deal): the link names nothing any more.
  if (!deal) return { status: 'invalid', ...NOTHING };
  const formType = deal.creditAppFormType ?? 'generic';
  return {
    status,
    formType,
    formUrl: eSignatureFormUrl(formUrls[formType], { type: formType, token: link.token }),
    vehicle: { year: deal.year, make: deal.make, model: deal.model },
  };
}

/** GET /credit-applications/forms/{type}: the embed page's form, not tied to an applicant's link. */
export function applicationForm(type: CreditAppFormType, dealId: string | undefined, formUrls: FormUrls): CreditApplicationForm {
  return { formType: type, formUrl: eSignatureFormUrl(formUrls[type], { type, dealId }) };
}

/**
 * POST /deals/{id}/credit-application-link/regenerate: the deal's broker or an admin (the route admits admins and
 * brokers; in the shared book every broker reads the deal, so another broker is refused with 403; in own book another
 * broker's deal is not in their book, a 404 as an unknown id).
 */
export async function regenerateLink(
  identity: Identity,
  dealId: string,
  data: CreditApplicationsData,
  now: Date,
  appUrl: string,
): Promise<CreditApplicationLink> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  if (!mayRegenerateCreditApplicationLink(identity, deal)) throw new ForbiddenError(DEAL_NOT_YOURS_MESSAGE);
  if (isPastPurchase(deal.status)) throw new ConflictError(CREDIT_APPLICATION_CLOSED_MESSAGE);
  const previous = await data.creditApplications.latestOfDeal(deal.id);
  const link = newCreditApplicationLink(deal.id, now);
  if (!(await data.creditApplications.replace(previous, link, now))) throw new ConflictError(LINK_CHANGED_MESSAGE);
  return toCreditApplicationLink(link, now, appUrl);
}

/**
 * POST /webhooks/e-signature: verify the signature over the raw bytes first (nothing in an unverified body is
 * read), then the signed timestamp's freshness, then complete the link if it is still valid. A repeat delivery,
 * or a token that is revoked, expired or unknown, is acknowledged and changes nothing.
 */
export async function receiveESignatureWebhook(
  delivery: { rawBody: Buffer; signature: string | undefined },
  secret: string,
  data: CreditApplicationsData,
  now: Date,
): Promise<{ received: true }> {
  if (!isValidESignature(delivery.rawBody, delivery.signature, secret)) throw new BadRequestError(SIGNATURE_INVALID_MESSAGE);
  const event = eSignatureWebhookSchema.safeParse(parseJson(delivery.rawBody));
  if (!event.success) throw new BadRequestError(WEBHOOK_PAYLOAD_INVALID_MESSAGE);
  if (!isFresh(event.data.timestamp, now, E_SIGNATURE_TOLERANCE_SECONDS)) throw new BadRequestError(SIGNATURE_STALE_MESSAGE);

  const completed = isCreditApplicationToken(event.data.token) && (await data.creditApplications.complete(event.data.token, now));
  // The token is a credential: the log names the delivery, not the link.
  logger.info('e-signature webhook', { deliveryId: event.data.id, completed });
  return { received: true };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
