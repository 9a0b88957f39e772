/**
 * The local stack's payment provider: no account, no network. A checkout session is self-describing (its id
 * carries the deal, amount and return URLs, base64url-encoded), so the local checkout page served by the local API
 * server (infra/local/pages/payments.ts) can show "Pay $X" without any stored state. Paying there posts a
 * `checkout.session.completed` event in Stripe's format, signed with the webhook secret by the `stripe` library's
 * own test signer, to POST /webhooks/payments: the same verification path as in AWS.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PAYMENT_METADATA_DEAL_ID } from '@shared/payments/api';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider';

const SESSION_PREFIX = 'cs_local_';

export interface LocalSession {
  /** A random nonce: two checkouts of the same deal are two sessions. */
  nonce: string;
  dealId: string;
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
}

export function encodeLocalSession(session: LocalSession): string {
  return `${SESSION_PREFIX}${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
}

/** The session an id describes, or null for anything that is not a local session id. */
export function decodeLocalSession(id: string): LocalSession | null {
  if (!id.startsWith(SESSION_PREFIX)) return null;
  try {
    const session = JSON.parse(Buffer.from(id.slice(SESSION_PREFIX.length), 'base64url').toString('utf8')) as LocalSession;
    return typeof session.dealId === 'string' && Number.isInteger(session.amountCents) ? session : null;
  } catch {
    return null;
  }
}

export function localCheckoutProvider(checkoutPageUrl: string): PaymentProvider {
  return {
    createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = encodeLocalSession({
        nonce: randomUUID(),
        dealId: request.dealId,
        amountCents: request.amountCents,
        currency: request.currency,
        description: request.description,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        customerEmail: request.customerEmail,
      });
      const url = new URL(checkoutPageUrl);
      url.searchParams.set('session', id);
      return Promise.resolve({ id, url: url.toString() });
    },
  };
}

/**
 * A paid `checkout.session.completed` event for a local session, as Stripe would send it (only the fields this
 * product reads, plus the envelope), and its `Stripe-Signature` header.
 */
export function signedCompletedEvent(sessionId: string, session: LocalSession, secret: string, now: Date) {
  const payload = JSON.stringify({
    id: `evt_local_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amountCents,
        currency: session.currency,
        client_reference_id: session.dealId,
        customer_email: session.customerEmail ?? null,
        metadata: { [PAYMENT_METADATA_DEAL_ID]: session.dealId },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
  });
  return { payload, signature };
}
