/**
 * Request and response shapes of the concierge fee payment routes (shared/api/routes.ts, feature `payments`).
 *
 * - POST /deals/{id}/concierge-payment   the consumer owning the deal (through its client), or an admin: a hosted
 *                                         checkout page for the deal's concierge fee, opened in a new tab
 * - POST /webhooks/payments               public, signed by the payment provider (Stripe's `Stripe-Signature`):
 *                                         marks the fee paid exactly once
 *
 * The amount is always the deal's stored concierge fee, never one from the browser (the route takes no body).
 * The consumer portal (feature `consumers`) calls the route through the shared API client itself: features do not
 * import each other. Decisions in docs/decisions.md, "Payments".
 */
import * as z from 'zod';
import { stripControlCharacters } from '../validation';

// ---------------------------------------------------------------------------------------------------------------
// Messages (the portal's payment toasts and the route's refusals)

/** The toast title of every payment failure in the portal. */
export const PAYMENT_ERROR_TITLE = 'Payment Error';
/** The toast message when the route fails (network, 5xx, or a refusal without a message). */
export const PAYMENT_SESSION_FAILED_MESSAGE = 'Failed to create payment session';
/** The toast message when the route answers without a URL. */
export const NO_PAYMENT_URL_MESSAGE = 'No payment URL returned';
/** What the portal shows once the fee is paid. */
export const PAID_LABEL = 'Paid';

/** 409 refusals of POST /deals/{id}/concierge-payment: the fee is offered only when finalized, above 0 and unpaid. */
export const CONCIERGE_FEE_ALREADY_PAID_MESSAGE = 'The concierge fee for this deal has already been paid';
export const CONCIERGE_FEE_NOT_DUE_MESSAGE = 'No concierge fee is due for this deal';
export const CONCIERGE_FEE_NOT_FINALIZED_MESSAGE = 'The concierge fee can be paid once the deal is finalized';

/** The currency of every concierge fee (ISO 4217, lower case as the provider writes it). */
export const CONCIERGE_FEE_CURRENCY = 'usd';

/** The payment webhook's refusals (nothing changes). */
export const PAYMENT_SIGNATURE_INVALID_MESSAGE = 'Invalid signature';

// ---------------------------------------------------------------------------------------------------------------
// POST /deals/{id}/concierge-payment (path parameter: shared/deals/api.ts `dealIdParamsSchema`; no body)

export const conciergePaymentResponseSchema = z.object({
  /** The provider's hosted checkout page for this deal's fee (Stripe Checkout; the local checkout page locally). */
  url: z.string(),
});
export type ConciergePaymentResponse = z.infer<typeof conciergePaymentResponseSchema>;

/**
 * Where checkout returns: the portal, with the outcome as a query flag the portal may show and the deal paid for
 * (the portal then waits for that deal's fee to read paid: the provider's webhook may land after the return).
 */
export const PAYMENT_RETURN_PATH = '/consumer-portal';
export const PAYMENT_RETURN_QUERY = 'payment';
export const PAYMENT_RETURN_DEAL_QUERY = 'deal';
export const PAYMENT_OUTCOMES = ['success', 'cancelled'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

// ---------------------------------------------------------------------------------------------------------------
// POST /webhooks/payments

/** Stripe's signature header (verified with stripe.webhooks.constructEvent over the raw body). */
export const PAYMENT_SIGNATURE_HEADER = 'stripe-signature';
/** The checkout session metadata key naming the deal. */
export const PAYMENT_METADATA_DEAL_ID = 'dealId';

/**
 * 200 for every verified event (a provider retries anything else): `checkout.session.completed` for a paid session
 * marks the deal's fee paid once; repeats, concurrent deliveries and other event types change nothing.
 * 400 for a missing or bad signature (Stripe's convention); nothing changes.
 */
export const paymentWebhookResponseSchema = z.object({ received: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------------
// POST /deals/{id}/payments-to-review/resolve (admins): settle one payment the provider reported that did not pay
// the fee (GET /deals/{id} `paymentsToReview`). Path parameter: shared/deals/api.ts `dealIdParamsSchema`.

/**
 * `mark_paid`: the admin accepts the payment as paying the fee (e.g. the fee changed after checkout opened and the
 * difference was settled): the fee reads paid. `dismiss`: the payment pays nothing here (refunded, or a duplicate
 * refunded in the provider's dashboard). Either way the entry leaves the list, with who, when and why on the trail.
 */
export const PAYMENT_RESOLUTIONS = ['mark_paid', 'dismiss'] as const;
export type PaymentResolution = (typeof PAYMENT_RESOLUTIONS)[number];
/** How the activity trail and the buttons name each resolution. */
export const PAYMENT_RESOLUTION_LABELS: Record<PaymentResolution, string> = {
  mark_paid: 'Marked fee paid',
  dismiss: 'Dismissed',
};

export const PAYMENT_RESOLUTION_NOTE_MAX = 500;
export const PAYMENT_RESOLUTION_NOTE_REQUIRED_MESSAGE = 'Say why (e.g. refunded in the provider’s dashboard)';
export const PAYMENT_RESOLUTION_NOTE_TOO_LONG_MESSAGE = `Note must be at most ${PAYMENT_RESOLUTION_NOTE_MAX} characters`;
/** 409: the payment is no longer on the deal's list (another admin, or a second click, resolved it). */
export const PAYMENT_ALREADY_RESOLVED_MESSAGE = 'This payment was already resolved; reload to see the deal';
/** 409: "Mark fee paid" on a fee that is paid already (a second payment can only be dismissed, after a refund). */
export const PAYMENT_FEE_ALREADY_PAID_MESSAGE = 'The concierge fee is already paid: dismiss this payment once refunded';

export const resolvePaymentRequestSchema = z.object({
  /** The provider's event id of the payment (`paymentsToReview[].eventId`). */
  eventId: z.string().min(1).max(255),
  resolution: z.enum(PAYMENT_RESOLUTIONS),
  /** Why: kept on the activity trail (control and bidi formatting characters removed, as from every note). */
  note: z.preprocess(
    (value) => (typeof value === 'string' ? stripControlCharacters(value) : value),
    z
      .string()
      .trim()
      .min(1, PAYMENT_RESOLUTION_NOTE_REQUIRED_MESSAGE)
      .max(PAYMENT_RESOLUTION_NOTE_MAX, PAYMENT_RESOLUTION_NOTE_TOO_LONG_MESSAGE),
  ),
  /** The deal revision the admin saw: a stale one is a 409 (DEAL_CHANGED_MESSAGE), nothing applied twice. */
  revision: z.number().int().min(0),
});
export type ResolvePaymentRequest = z.infer<typeof resolvePaymentRequestSchema>;

export const resolvePaymentResponseSchema = z.object({
  conciergeFeePaid: z.boolean(),
  /** The deal's revision after the resolution. */
  revision: z.number().int(),
});
export type ResolvePaymentResponse = z.infer<typeof resolvePaymentResponseSchema>;
