/**
 * The enumerations the stored items use (docs/data-model.md, "Entities"), from shared/ so that entities, forms and
 * rules agree. Only what exists solely in storage is defined here.
 */
import type { DealStatus } from '@shared/deals/enums';

export { ACADEMY_CONTENT_TYPES } from '@shared/academy/enums';
export { COMMISSION_TYPES } from '@shared/brokers/enums';
export { CREDIT_APP_LINK_STATES as CREDIT_APPLICATION_STATUSES } from '@shared/credit-applications/enums';
export {
  CREDIT_APP_FORM_TYPES,
  DEAL_LIST_STATUSES,
  DEAL_STATUSES,
  DEAL_TYPES,
  type DealStatus,
  type DealType,
} from '@shared/deals/enums';
export { INVITATION_TYPES } from '@shared/invitations/enums';

/**
 * Stored state of an invitation; "expired" is derived from its validUntil when read. `accepting` is the claim an
 * accept holds (with a lease, `claimedUntil`) while it creates the consumer's account: docs/decisions.md "Consumers".
 */
export const INVITATION_STATUSES = ['pending', 'accepting', 'used'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Whether an invitation's or referral's message went out (the provider's error is kept beside it). */
/** `retrying`: not sent yet, the outbox will try again (functions/lib/outbox.ts). */
export const DELIVERY_STATUSES = ['sent', 'retrying', 'failed'] as const;

/** How sending a notification (an invitation, a referral e-mail) ended; recorded on the item it was about. */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

/** Deals the daily job moves to expired once their expiration date has passed (not expired, closed or finalized). */
export const EXPIRABLE_DEAL_STATUSES = ['available', 'pending', 'active', 'not_sold'] as const satisfies readonly DealStatus[];
