/**
 * POST /referrals (feature `referrals`, shared/api/routes.ts): a consumer refers a friend from one of their own
 * closed deals. The referral is stored with the referring consumer and the deal, recorded on the deal's activity
 * (the broker sees it) in the same write, and the friend gets an e-mail through SES naming the broker. A referral
 * whose e-mail fails is kept with the failure; the answer says so and the portal shows
 * "Failed to send referral. Please try again.".
 */
import * as z from 'zod';
import { requiredText } from '../validation';
import { referralSchema } from './schemas';

export const REFERRAL_TOASTS = {
  sent: { title: 'Referral Sent!' },
  failed: { title: 'Failed to send referral. Please try again.' },
} as const;

export const REFERRAL_DEAL_REQUIRED_MESSAGE = 'Choose the deal you are referring from';
/** 403: the deal is the consumer's but not closed (the portal offers referrals on closed deals only). */
export const REFERRAL_DEAL_NOT_CLOSED_MESSAGE = 'Referrals can be made from closed deals only';

/** The friend's name and e-mail (the shared referral schema) and the consumer's own closed deal. */
export const createReferralRequestSchema = referralSchema.extend({
  dealId: requiredText(REFERRAL_DEAL_REQUIRED_MESSAGE).max(64, REFERRAL_DEAL_REQUIRED_MESSAGE),
});
export type CreateReferralRequest = z.input<typeof createReferralRequestSchema>;

/** As an invitation's: `retrying` is sent automatically later, `failed` was refused. */
export const REFERRAL_DELIVERY_STATUSES = ['sent', 'retrying', 'failed'] as const;

/** 201 whether or not the e-mail went out: the referral is kept either way. */
export const createReferralResponseSchema = z.object({
  referralId: z.string(),
  delivery: z.object({
    status: z.enum(REFERRAL_DELIVERY_STATUSES),
    /** The provider's error, null when sent. */
    error: z.string().nullable(),
  }),
});
export type CreateReferralResponse = z.infer<typeof createReferralResponseSchema>;
