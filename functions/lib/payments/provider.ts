/**
 * The payment provider interface (architecture.md, "Files, e-mail, SMS, payments"): a hosted checkout page for an
 * amount, and the provider's signed events. Two adapters: Stripe Checkout (stripe.ts) in AWS and the local stack's
 * checkout page (local.ts). Both deliver their events in Stripe's format, signed with the webhook secret, so one
 * verification path (webhook.ts, the `stripe` library's constructEvent) serves both.
 */
import type { CONCIERGE_FEE_CURRENCY } from '@shared/payments/api';

export interface CheckoutRequest {
  dealId: string;
  /** Whole cents of the deal's stored fee. */
  amountCents: number;
  currency: typeof CONCIERGE_FEE_CURRENCY;
  /** The line the payer sees ("Concierge fee – 2026 BMW X5"). */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The payer's e-mail, prefilled on the checkout page. */
  customerEmail?: string;
  /** The same key within the provider's window returns the same checkout session (a double click opens one). */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
}

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}
